; codemap's Java query: what is a definition, a call, an import, a base, an implemented
; interface, a stated type.
;
; Capture names are a closed set checked when the query is compiled (indexer/src/extract.rs):
;   @definition.type            a class, interface, enum, record or annotation type; its
;   @type                       body (or a record's components) decides the kind
;   @definition.function        a method, a constructor, an annotation type's element
;   @definition.field           one declarator of a field
;   @definition.constant        an enum constant, one declarator of an interface's constant
;   @name                       its name
;   @body                       a method's body (where the signature ends)
;   @reference.call             a method invocation, `new T(…)`
;   @reference.base             an `extends` clause's class (or an interface's super-interface)
;   @reference.implements       an `implements` clause's interface
;   @reference.type             a type named in a declaration, a cast, `instanceof`
;   @import                     an import declaration
;   @package                    the package declaration's name
;   @binding                    a local, parameter, field, resource, `for` variable
; Scope (class, method) is decided by the extractor from byte-range nesting: a local class
; in a method is kept (`A.m.Local`); what an anonymous class or a lambda declares is local.

(package_declaration [(identifier) (scoped_identifier)] @package)

(class_declaration
  name: (identifier) @name
  body: (class_body) @type) @definition.type

(interface_declaration
  name: (identifier) @name
  body: (interface_body) @type) @definition.type

(enum_declaration
  name: (identifier) @name
  body: (enum_body) @type) @definition.type

(record_declaration
  name: (identifier) @name
  parameters: (formal_parameters) @type) @definition.type

(annotation_type_declaration
  name: (identifier) @name
  body: (annotation_type_body) @type) @definition.type

(method_declaration
  name: (identifier) @name
  body: (block)? @body) @definition.function

(constructor_declaration
  name: (identifier) @name
  body: (constructor_body) @body) @definition.function

(compact_constructor_declaration
  name: (identifier) @name
  body: (block) @body) @definition.function

(annotation_type_element_declaration
  name: (identifier) @name) @definition.function

(field_declaration
  declarator: (variable_declarator
    name: (identifier) @name) @definition.field)

(constant_declaration
  declarator: (variable_declarator
    name: (identifier) @name) @definition.constant)

(enum_constant
  name: (identifier) @name) @definition.constant

; Record components are the record's fields.
(record_declaration
  parameters: (formal_parameters
    (formal_parameter
      name: (identifier) @name) @definition.field))

(superclass
  [(type_identifier) (scoped_type_identifier) (generic_type)] @reference.base)

(extends_interfaces
  (type_list
    [(type_identifier) (scoped_type_identifier) (generic_type)] @reference.base))

(super_interfaces
  (type_list
    [(type_identifier) (scoped_type_identifier) (generic_type)] @reference.implements))

(method_invocation) @reference.call

(object_creation_expression
  type: [(type_identifier) (scoped_type_identifier) (generic_type)] @reference.call)

(import_declaration) @import

; Bindings whose type the code states: locals, parameters, fields, resources, `for` and
; `catch` variables, `instanceof` patterns; the types they name are `uses` edges.
(local_variable_declaration type: (_) @reference.type (#not-eq? @reference.type "var")) @binding
(local_variable_declaration type: (type_identifier) @_var (#eq? @_var "var")) @binding
(formal_parameter type: (_) @reference.type) @binding
(spread_parameter) @binding
(field_declaration type: (_) @reference.type) @binding
(constant_declaration type: (_) @reference.type) @binding
(resource type: (_) @reference.type (#not-eq? @reference.type "var")) @binding
(resource type: (type_identifier) @_var (#eq? @_var "var")) @binding
(enhanced_for_statement type: (_) @reference.type (#not-eq? @reference.type "var")) @binding
(enhanced_for_statement type: (type_identifier) @_var (#eq? @_var "var")) @binding
(catch_formal_parameter (catch_type (_) @reference.type)) @binding
(instanceof_expression right: (_) @reference.type) @binding
(lambda_expression parameters: (identifier) @binding)
(inferred_parameters (identifier) @binding)

; A class named for its static member (`JsonScope.EMPTY_ARRAY`): by the convention that a
; class's name is capitalised and a constant's all capitals.
; (`JavaSyntax::reference_kind` keeps the capitalised names alone.)
(field_access
  object: (identifier) @reference.type)

; Types named in results, casts and type arguments: `uses` edges.
(method_declaration type: (_) @reference.type)
(cast_expression type: (_) @reference.type)
(type_arguments [(type_identifier) (scoped_type_identifier) (generic_type)] @reference.type)
(array_creation_expression type: (_) @reference.type)
(throws [(type_identifier) (scoped_type_identifier)] @reference.type)
