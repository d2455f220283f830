; codemap's TypeScript query (also .tsx, .mts, .cts and .d.ts): what is a definition, a call, an
; import, a base, an implemented interface. The rules JavaScript shares (variables, functions,
; calls, imports and exports) are in ecma.scm, which follows this file in the query.
;
; Capture names are a closed set checked when the query is compiled (indexer/src/extract.rs):
;   @definition.class / .type / .function / .method / .field / .constant / .variable / .module
;   @receiver                   the object a method is assigned to (`Cls.prototype.m = …`)
;   @name                       its name
;   @body                       its body (where the signature ends)
;   @type                       what decides its kind: an interface's body, a type alias's value,
;                               the value bound to a variable
;   @reference.call             a called or constructed expression
;   @reference.base             an `extends` clause's class or interface
;   @reference.implements       an `implements` clause's interface
;   @reference.type             a type named in an annotation
;   @import                     an import, an export, a `require("…")`
;   @binding                    a variable, parameter or field (its stated type)
; Scope (module, namespace, class, function) is decided by the extractor from byte-range
; nesting: a variable inside a function is a local and left out; a function inside one is kept.

(class_declaration
  name: (type_identifier) @name
  body: (class_body) @body) @definition.class

(abstract_class_declaration
  name: (type_identifier) @name
  body: (class_body) @body) @definition.class

(interface_declaration
  name: (type_identifier) @name
  body: (interface_body) @type) @definition.type

(type_alias_declaration
  name: (type_identifier) @name
  value: (_) @type) @definition.type

(enum_declaration
  name: (identifier) @name
  body: (enum_body) @type) @definition.type

(enum_body
  name: (property_identifier) @name @definition.constant)

(enum_assignment
  name: (property_identifier) @name) @definition.constant

(internal_module
  name: (identifier) @name
  body: (statement_block) @body) @definition.module

(module
  name: (identifier) @name
  body: (statement_block) @body) @definition.module

(function_declaration
  name: (identifier) @name
  body: (statement_block) @body) @definition.function

(generator_function_declaration
  name: (identifier) @name
  body: (statement_block) @body) @definition.function

; `export default function () {…}`, `export default () => …`, `export default class {…}`: no
; name of their own, named `default` (`Syntax::unnamed_name`) as the servers name them and as
; imports bind them (zod's 48 locale files each export one; none was in the map).
(export_statement
  value: [(function_expression) (generator_function)] @definition.function)
(export_statement
  value: (arrow_function body: (statement_block)) @definition.function)
(export_statement
  value: (class body: (class_body) @body) @definition.class)

; Overloads and `declare function`: each signature is listed, as the server lists them.
(function_signature
  name: (identifier) @name) @definition.function

(class_body
  (method_definition
    name: [(property_identifier) (private_property_identifier)] @name
    body: (statement_block) @body) @definition.function)

(class_body
  (method_signature
    name: (property_identifier) @name) @definition.function)

(class_body
  (abstract_method_signature
    name: (property_identifier) @name) @definition.function)

(class_body
  (public_field_definition
    name: [(property_identifier) (private_property_identifier)] @name) @definition.field)

; Parameter properties: `constructor(private readonly x: T)` declares field `x` of the class
; (the rules keep the parameters that have a modifier).
(method_definition
  name: (property_identifier) @_constructor
  parameters: (formal_parameters
    (required_parameter pattern: (identifier) @name) @definition.field)
  (#eq? @_constructor "constructor"))

(method_definition
  name: (property_identifier) @_constructor
  parameters: (formal_parameters
    (optional_parameter pattern: (identifier) @name) @definition.field)
  (#eq? @_constructor "constructor"))

(interface_body
  (method_signature
    name: (property_identifier) @name) @definition.function)

(interface_body
  (property_signature
    name: (property_identifier) @name) @definition.field)

(class_heritage
  (extends_clause
    value: [(identifier) (member_expression)] @reference.base))

(extends_type_clause
  type: [(type_identifier) (nested_type_identifier) (generic_type)] @reference.base)

(implements_clause
  [(type_identifier) (nested_type_identifier) (generic_type)] @reference.implements)

; Bindings whose type the code states: annotated variables, parameters and fields, and
; values made by `new T(…)` or a call.
(variable_declarator) @binding
(required_parameter) @binding
(optional_parameter) @binding
(public_field_definition) @binding
(assignment_expression) @binding
(arrow_function parameter: (identifier) @binding)

; Types named in annotations and aliases: `uses` edges.
(type_annotation
  [(type_identifier) (nested_type_identifier) (generic_type)] @reference.type)
(type_alias_declaration
  value: [(type_identifier) (nested_type_identifier) (generic_type)] @reference.type)
(type_arguments
  [(type_identifier) (nested_type_identifier) (generic_type)] @reference.type)
(array_type
  [(type_identifier) (nested_type_identifier) (generic_type)] @reference.type)
(union_type
  [(type_identifier) (nested_type_identifier) (generic_type)] @reference.type)
; Types named inside other types (zod's `[k in allKeys<T>]`, `T extends X ? A : B`, `A & B`,
; `[A, B]`, `keyof A`, `A["k"]`, `(A)`, `() => A`): uses, as in an annotation.
(mapped_type_clause
  type: [(type_identifier) (nested_type_identifier) (generic_type)] @reference.type)
(conditional_type
  [(type_identifier) (nested_type_identifier) (generic_type)] @reference.type)
(intersection_type
  [(type_identifier) (nested_type_identifier) (generic_type)] @reference.type)
(tuple_type
  [(type_identifier) (nested_type_identifier) (generic_type)] @reference.type)
(index_type_query
  [(type_identifier) (nested_type_identifier) (generic_type)] @reference.type)
(lookup_type
  [(type_identifier) (nested_type_identifier) (generic_type)] @reference.type)
(parenthesized_type
  [(type_identifier) (nested_type_identifier) (generic_type)] @reference.type)
(rest_type
  [(type_identifier) (nested_type_identifier) (generic_type)] @reference.type)
(constraint
  [(type_identifier) (nested_type_identifier) (generic_type)] @reference.type)
(default_type
  [(type_identifier) (nested_type_identifier) (generic_type)] @reference.type)
(function_type
  return_type: [(type_identifier) (nested_type_identifier) (generic_type)] @reference.type)
; `x as errors.Issues`, `x satisfies T`: the type a value is cast to or checked against (zod's
; 45 `as errors.$ZodStringFormatIssues` casts were no use of it, so `unused` listed it).
(as_expression
  [(type_identifier) (nested_type_identifier) (generic_type)] @reference.type)
(satisfies_expression
  [(type_identifier) (nested_type_identifier) (generic_type)] @reference.type)
; `typeof Base`: the class (or value) named.
(type_query
  [(identifier) (member_expression)] @reference.type)
