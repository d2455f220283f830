; codemap's JavaScript query (also .jsx, .mjs and .cjs): what is a definition, a call, an
; import, a base. The rules TypeScript shares (variables, functions, calls, imports and
; exports) are in ../typescript/ecma.scm, which follows this file in the query.
;
; Capture names are a closed set checked when the query is compiled (indexer/src/extract.rs):
;   @definition.class / .function / .method / .field / .variable   the defining node
;   @receiver                   the object a method is assigned to (`Cls.prototype.m = …`)
;   @name                       its name
;   @body                       its body (where the signature ends)
;   @type                       the value bound to a variable (it decides the kind)
;   @reference.call             a called or constructed expression
;   @reference.base             an `extends` clause's class
;   @import                     an import, an export, a `require("…")`
;   @binding                    a variable or field (the type of the value it is bound to)

(class_declaration
  name: (identifier) @name
  body: (class_body) @body) @definition.class

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

(class_body
  (method_definition
    name: [(property_identifier) (private_property_identifier)] @name
    body: (statement_block) @body) @definition.function)

(class_body
  (field_definition
    property: [(property_identifier) (private_property_identifier)] @name) @definition.field)

(class_heritage
  [(identifier) (member_expression)] @reference.base)

; Bindings whose type the code shows: values made by `new T(…)` or a call.
(variable_declarator) @binding
(field_definition) @binding
(assignment_expression) @binding
; Parameters: a call of one (a callback) is no call of a symbol.
(formal_parameters (identifier) @binding)
(formal_parameters (assignment_pattern left: (identifier) @binding))
(arrow_function parameter: (identifier) @binding)
