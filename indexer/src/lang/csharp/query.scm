; codemap's C# query: what is a definition, a call, an import, a base, a stated type.
;
; Capture names are a closed set checked when the query is compiled (indexer/src/extract.rs):
;   @definition.module          a namespace of one name (`namespace A { }`, `namespace A;`)
;   @definition.method          a namespace of a dotted name (`namespace A.B`): `B` under the
;   @receiver                   receiver `A` (refined to a namespace, as C++'s `a::b`)
;   @definition.type            a class, struct, interface, enum, record or delegate (the
;                               declaration's node kind decides the kind)
;   @definition.function        a method, constructor, local function
;   @definition.field           one declarator of a field or an event, a property, an event
;                               with accessors, a record's positional parameter
;   @definition.constant        an enum member (a `const` field is refined from a field)
;   @name                       its name
;   @body                       a method's body (where the signature ends)
;   @reference.call             an invocation's function, `new T(…)`'s type
;   @reference.base             a base list's entry (`Syntax::reference_kind` makes an
;                               interface's `implements`)
;   @reference.type             a type named in a declaration, a cast, `is`, `typeof`
;   @import                     a `using` directive
;   @binding                    a local, parameter, field, property, `foreach` variable
;   @package                    a namespace's name (a directory's package node is named by
;                               its first file's)
; A file-scoped namespace (`namespace A.B;`) holds the rest of the file: its definition is
; the compilation unit, so everything after it nests inside by byte range.

(namespace_declaration
  name: (identifier) @name
  body: (declaration_list)) @definition.module

(namespace_declaration
  name: (qualified_name
    qualifier: (_) @receiver
    name: (identifier) @name)
  body: (declaration_list)) @definition.method

(compilation_unit
  (file_scoped_namespace_declaration
    name: (identifier) @name)) @definition.module

(compilation_unit
  (file_scoped_namespace_declaration
    name: (qualified_name
      qualifier: (_) @receiver
      name: (identifier) @name))) @definition.method

(namespace_declaration name: (_) @package)
(file_scoped_namespace_declaration name: (_) @package)

(class_declaration
  name: (identifier) @name
  body: (declaration_list) @body) @definition.type

(struct_declaration
  name: (identifier) @name
  body: (declaration_list) @body) @definition.type

(interface_declaration
  name: (identifier) @name
  body: (declaration_list) @body) @definition.type

(enum_declaration
  name: (identifier) @name
  body: (enum_member_declaration_list) @body) @definition.type

(record_declaration
  name: (identifier) @name
  body: (declaration_list)? @body) @definition.type

(delegate_declaration
  name: (identifier) @name) @definition.type

(method_declaration
  name: (identifier) @name
  body: (_)? @body) @definition.function

(constructor_declaration
  name: (identifier) @name
  body: (_)? @body) @definition.function

(local_function_statement
  name: (identifier) @name
  body: (_)? @body) @definition.function

(field_declaration
  (variable_declaration
    (variable_declarator
      name: (identifier) @name) @definition.field))

(event_field_declaration
  (variable_declaration
    (variable_declarator
      name: (identifier) @name) @definition.field))

(property_declaration
  name: (identifier) @name) @definition.field

(event_declaration
  name: (identifier) @name) @definition.field

(enum_member_declaration
  name: (identifier) @name) @definition.constant

; A record's positional parameters are its properties.
(record_declaration
  (parameter_list
    (parameter
      name: (identifier) @name) @definition.field))

(base_list
  [(identifier) (qualified_name) (generic_name) (alias_qualified_name)] @reference.base)

(base_list
  (primary_constructor_base_type
    type: [(identifier) (qualified_name) (generic_name)] @reference.base))

(invocation_expression
  function: [(identifier) (member_access_expression) (generic_name)] @reference.call)

(object_creation_expression
  type: [(identifier) (qualified_name) (generic_name)] @reference.call)

(using_directive) @import

; Bindings whose type the code states: locals, fields, events, parameters, properties,
; `foreach` variables; the types they name are `uses` edges.
(variable_declaration type: (_) @reference.type) @binding
(parameter type: (_) @reference.type) @binding
(parameter !type) @binding
(property_declaration type: (_) @reference.type) @binding
(foreach_statement type: (_) @reference.type) @binding
(lambda_expression parameters: (implicit_parameter) @binding)

; Types named in results, casts, type arguments and patterns: `uses` edges.
(method_declaration returns: (_) @reference.type)
(cast_expression type: (_) @reference.type)
(type_argument_list [(identifier) (qualified_name) (generic_name)] @reference.type)
(typeof_expression type: (_) @reference.type)
(array_creation_expression type: (array_type type: (_) @reference.type))
