; codemap's PHP query: what is a definition, a call, an import, a base, an implemented
; interface, a stated type.
;
; Capture names are a closed set checked when the query is compiled (indexer/src/extract.rs):
;   @definition.type            a class, interface, trait or enum (`refine` tells them apart)
;   @definition.function        a function, a method (static too)
;   @definition.field           a property, a promoted constructor parameter
;   @definition.constant        a class or top-level constant, an enum case, `define('X', …)`
;   @name                       its name (a property's without its `$`)
;   @body                       a function's body (where the signature ends)
;   @reference.call             `f()`, `$o->m()`, `$o?->m()`, `A::m()`, `new A(…)`
;   @reference.base             `extends` (a class's or an interface's), a trait's `use`
;   @reference.implements       `implements`
;   @reference.type             a type named in a declaration (parameter, result, property)
;   @import                     a `use` declaration at the file's level
;   @package                    the namespace's name (a directory's files name its package)
;   @binding                    a parameter, a property, an assignment
; Scope (class, function) is decided by the extractor from byte-range nesting. Namespaces are
; no scope: `namespace A\B;` names the file's package (as Java's `package`), so a class's
; qualname is its name (`Kernel.handle`).

(namespace_definition name: (namespace_name) @package)

(class_declaration
  name: (name) @name
  body: (declaration_list) @type) @definition.type

(interface_declaration
  name: (name) @name
  body: (declaration_list) @type) @definition.type

(trait_declaration
  name: (name) @name
  body: (declaration_list) @type) @definition.type

(enum_declaration
  name: (name) @name
  body: (enum_declaration_list) @type) @definition.type

(function_definition
  name: (name) @name
  body: (compound_statement) @body) @definition.function

(method_declaration
  name: (name) @name
  body: (compound_statement)? @body) @definition.function

(property_declaration
  (property_element
    name: (variable_name (name) @name)) @definition.field)

(property_promotion_parameter
  name: (variable_name (name) @name)) @definition.field

(const_declaration
  (const_element (name) @name) @definition.constant)

(enum_case
  name: (name) @name) @definition.constant

; `define('NAME', value)` at any level: a constant of the file.
(function_call_expression
  function: (name) @_define
  arguments: (arguments
    .
    (argument (string (string_content) @name)))
  (#eq? @_define "define")) @definition.constant

(base_clause [(name) (qualified_name)] @reference.base)

(class_interface_clause [(name) (qualified_name)] @reference.implements)

; A trait's members are the class's: `use T;` inside a class is a base.
(use_declaration [(name) (qualified_name)] @reference.base)

(function_call_expression function: [(name) (qualified_name)]) @reference.call
(member_call_expression) @reference.call
(nullsafe_member_call_expression) @reference.call
(scoped_call_expression) @reference.call

(object_creation_expression [(name) (qualified_name)] @reference.call)

(namespace_use_declaration) @import

; Bindings whose type the code states: parameters, properties, `$x = new A()`,
; `$this->x = …`; the types they name are `uses` edges.
(simple_parameter) @binding
(variadic_parameter) @binding
(property_promotion_parameter) @binding
(property_declaration) @binding
(assignment_expression) @binding
(foreach_statement) @binding

(named_type [(name) (qualified_name)] @reference.type)
