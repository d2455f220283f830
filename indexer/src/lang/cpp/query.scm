; codemap's C++ query: what is a definition, a call, an include, a base, a type named.
;
; Capture names are a closed set checked when the query is compiled (indexer/src/extract/query.rs):
;   @definition.module    a named namespace (`namespace a::b {}`: `b` under the receiver `a`)
;   @definition.class     a class, struct or union with a body (templates and specializations)
;   @definition.function  a function or a method declared or defined in its class
;   @definition.method    a method defined out of line (`void A::f() {}`), under @receiver
;   @definition.type      an enum (its @type the list), a `using X = …` or a typedef
;   @definition.field / .constant / .variable
;   @name @body @receiver @type
;   @reference.call       a called name (`f()`, `a.f()`, `p->f()`, `ns::f()`), `new T(…)`
;   @reference.base       a base class
;   @reference.type       a type named in a declaration, a parameter, a field, a cast
;   @binding              a declaration, parameter or field whose type is stated
;   @import               an `#include`
; Which declarations are functions (`int f(int);`) and which are symbols is decided by
; `CppSyntax::refine`, as C's.

; Namespaces.
(namespace_definition name: (namespace_identifier) @name body: (_)) @definition.module
(namespace_definition
  name: (nested_namespace_specifier
    (namespace_identifier)
    (namespace_identifier) @name) @receiver
  body: (_)) @definition.method
(namespace_definition
  name: (nested_namespace_specifier
    (namespace_identifier)
    (nested_namespace_specifier
      (namespace_identifier)
      (namespace_identifier) @name)) @receiver
  body: (_)) @definition.method

; Classes, structs, unions with a body; a specialization (`class V<int> {…}`) is its name.
(class_specifier name: (type_identifier) @name body: (_)) @definition.class
(struct_specifier name: (type_identifier) @name body: (_)) @definition.class
(union_specifier name: (type_identifier) @name body: (_)) @definition.class
(class_specifier name: (template_type name: (type_identifier) @name) body: (_)) @definition.class
(struct_specifier name: (template_type name: (type_identifier) @name) body: (_)) @definition.class
; A nested class defined out of line (`class Block::Iter {…}`): under its @receiver, as a
; method defined out of line is; `CppSyntax::refine` makes it a class.
(class_specifier name: (qualified_identifier name: (type_identifier) @name) @receiver body: (_)) @definition.method
(struct_specifier name: (qualified_identifier name: (type_identifier) @name) @receiver body: (_)) @definition.method
(type_definition
  type: (struct_specifier !name body: (_))
  declarator: (type_identifier) @name) @definition.class
(type_definition
  type: (class_specifier !name body: (_))
  declarator: (type_identifier) @name) @definition.class
(type_definition
  type: (union_specifier !name body: (_))
  declarator: (type_identifier) @name) @definition.class

; Function definitions: free functions, methods in their class, constructors, destructors,
; operators; through pointer and reference declarators.
(function_definition
  declarator: (function_declarator declarator: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name)
  body: (_) @body) @definition.function
(function_definition
  declarator: (_ declarator: (function_declarator declarator: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name))
  body: (_) @body) @definition.function
(function_definition
  declarator: (reference_declarator (function_declarator declarator: [(identifier) (field_identifier) (operator_name)] @name))
  body: (_) @body) @definition.function
(function_definition
  declarator: (_ declarator: (_ declarator: (function_declarator declarator: [(identifier) (field_identifier)] @name)))
  body: (_) @body) @definition.function
; A test macro's body (`TEST_XML(name, "<x/>") {`), rewritten by `prepare` as `void (name) {`
; or `void (Suite::name) {`.
(function_definition
  declarator: (parenthesized_declarator (identifier) @name)
  body: (_) @body) @definition.function
(function_definition
  declarator: (parenthesized_declarator
    (qualified_identifier name: (identifier) @name) @receiver)
  body: (_) @body) @definition.method
; `= default;`, `= delete;` in a class.
(function_definition
  declarator: (function_declarator declarator: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name)
  !body) @definition.function
(function_definition
  declarator: (reference_declarator (function_declarator declarator: [(field_identifier) (operator_name)] @name))
  !body) @definition.function

; Conversion operators (`operator bool() const`): the name is the whole `operator_cast`,
; spelled by `CppSyntax::name` after the type (`operator bool`).
(function_definition
  declarator: (operator_cast) @name
  body: (_) @body) @definition.function
(declaration declarator: (operator_cast) @name) @definition.variable
(field_declaration declarator: (operator_cast) @name) @definition.field
(function_definition
  declarator: (qualified_identifier name: (operator_cast) @name) @receiver
  body: (_) @body) @definition.method
(function_definition
  declarator: (qualified_identifier
    name: (qualified_identifier name: (operator_cast) @name)) @receiver
  body: (_) @body) @definition.method

; Out of line: `A::f`, `ns::A::f`, `a::b::A::f`, through pointer and reference declarators.
(function_definition
  declarator: (function_declarator
    declarator: (qualified_identifier
      name: [(identifier) (destructor_name) (operator_name) (field_identifier)] @name) @receiver)
  body: (_) @body) @definition.method
(function_definition
  declarator: (function_declarator
    declarator: (qualified_identifier
      name: (qualified_identifier
        name: [(identifier) (destructor_name) (operator_name) (field_identifier)] @name)) @receiver)
  body: (_) @body) @definition.method
(function_definition
  declarator: (function_declarator
    declarator: (qualified_identifier
      name: (qualified_identifier
        name: (qualified_identifier
          name: [(identifier) (destructor_name) (operator_name) (field_identifier)] @name))) @receiver)
  body: (_) @body) @definition.method
; `A::A() = default;`
(function_definition
  declarator: (function_declarator
    declarator: (qualified_identifier
      name: [(identifier) (destructor_name)] @name) @receiver)
  !body) @definition.method
(function_definition
  declarator: (function_declarator
    declarator: (qualified_identifier
      name: (qualified_identifier
        name: [(identifier) (destructor_name)] @name)) @receiver)
  !body) @definition.method
(function_definition
  declarator: (_ declarator: (function_declarator
    declarator: (qualified_identifier
      name: [(identifier) (destructor_name) (operator_name) (field_identifier)] @name) @receiver))
  body: (_) @body) @definition.method
(function_definition
  declarator: (_ declarator: (function_declarator
    declarator: (qualified_identifier
      name: (qualified_identifier
        name: [(identifier) (destructor_name) (operator_name) (field_identifier)] @name)) @receiver))
  body: (_) @body) @definition.method
(function_definition
  declarator: (reference_declarator (function_declarator
    declarator: (qualified_identifier
      name: [(identifier) (operator_name) (field_identifier)] @name) @receiver))
  body: (_) @body) @definition.method
(function_definition
  declarator: (reference_declarator (function_declarator
    declarator: (qualified_identifier
      name: (qualified_identifier
        name: [(identifier) (operator_name) (field_identifier)] @name)) @receiver))
  body: (_) @body) @definition.method

; Declarations: variables, prototypes and a class's constructors (refined to functions).
(declaration declarator: [(identifier) (destructor_name) (operator_name)] @name) @definition.variable
(declaration declarator: (_ declarator: [(identifier) (destructor_name) (operator_name)] @name)) @definition.variable
(declaration declarator: (_ declarator: (_ declarator: (identifier) @name))) @definition.variable
(declaration declarator: (reference_declarator (identifier) @name)) @definition.variable
(declaration declarator: (reference_declarator (function_declarator declarator: [(identifier) (operator_name)] @name))) @definition.variable

; Fields, and methods declared in their class.
(field_declaration declarator: (field_identifier) @name) @definition.field
(field_declaration declarator: (_ declarator: [(field_identifier) (operator_name) (destructor_name)] @name)) @definition.field
(field_declaration declarator: (_ declarator: (_ declarator: [(field_identifier) (operator_name)] @name))) @definition.field
(field_declaration declarator: (reference_declarator (field_identifier) @name)) @definition.field
(field_declaration declarator: (reference_declarator (function_declarator declarator: [(field_identifier) (operator_name)] @name))) @definition.field

; Enums (`enum class E` too): a `type`; their constants, scoped or not, by `CppSyntax`.
(enum_specifier name: (type_identifier) @name body: (enumerator_list) @type) @definition.type
(enumerator name: (identifier) @name) @definition.constant

; Aliases: `using X = …;` and typedefs.
(alias_declaration name: (type_identifier) @name) @definition.type
(type_definition declarator: (type_identifier) @name @definition.type)
(type_definition declarator: (_ declarator: (type_identifier) @name @definition.type))

; Macros: object-like a constant, function-like a function.
(preproc_def name: (identifier) @name) @definition.constant
(preproc_function_def name: (identifier) @name) @definition.function

(preproc_include path: [(string_literal) (system_lib_string)]) @import
; `using ns::A;` and `using namespace ns;`: names bound for resolution (no edge).
(using_declaration) @import

; Calls.
(call_expression function: (identifier) @reference.call)
(call_expression function: (qualified_identifier) @reference.call)
(call_expression function: (template_function) @reference.call)
(call_expression function: (field_expression) @reference.call)
(new_expression type: [(type_identifier) (qualified_identifier) (template_type)] @reference.call)
; `T x(…);`, `T x{…};`: the class constructed.
(declaration
  type: [(type_identifier) (qualified_identifier) (template_type)] @reference.call
  declarator: (init_declarator value: [(argument_list) (initializer_list)]))

; Bases.
(base_class_clause [(type_identifier) (qualified_identifier) (template_type)] @reference.base)

; Stated types: bindings, and the types they name as `uses` edges.
(declaration type: [(type_identifier) (qualified_identifier) (template_type)] @reference.type) @binding
(declaration type: (placeholder_type_specifier)) @binding
(for_range_loop) @binding
; Aliases: what they stand for, read through by the type walk.
(type_definition) @binding
(alias_declaration) @binding
(parameter_declaration type: [(type_identifier) (qualified_identifier) (template_type)] @reference.type) @binding
(optional_parameter_declaration type: [(type_identifier) (qualified_identifier) (template_type)] @reference.type) @binding
(field_declaration type: [(type_identifier) (qualified_identifier) (template_type)] @reference.type) @binding
; Built-in types stated: no `uses` edge, but an argument's type that picks an overload
; (tinyxml2's `XMLUtil::ToStr(v, buf, BUF_SIZE)` with `int v`, `char buf[…]`).
(parameter_declaration type: [(primitive_type) (sized_type_specifier)]) @binding
(optional_parameter_declaration type: [(primitive_type) (sized_type_specifier)]) @binding
(declaration type: [(primitive_type) (sized_type_specifier)]) @binding
(function_definition type: [(type_identifier) (qualified_identifier) (template_type)] @reference.type)
(type_descriptor type: [(type_identifier) (qualified_identifier) (template_type)] @reference.type)
