; codemap's JavaScript query (also .jsx, .mjs and .cjs): what is a definition, a call, an
; import, a base. The same rules as queries/typescript.scm, without the types.
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

(class_body
  (method_definition
    name: [(property_identifier) (private_property_identifier)] @name
    body: (statement_block) @body) @definition.function)

(class_body
  (field_definition
    property: [(property_identifier) (private_property_identifier)] @name) @definition.field)

; `const x = …`, `let x`, `var x`; what it is bound to decides between a constant, a variable,
; a function (an arrow function) and a class (a class expression).
(variable_declarator
  name: (identifier) @name
  value: (_)? @type) @definition.variable

(variable_declarator
  name: (object_pattern (shorthand_property_identifier_pattern) @name)
  value: (_)? @type) @definition.variable

(variable_declarator
  name: (object_pattern (pair_pattern value: (identifier) @name))
  value: (_)? @type) @definition.variable

(variable_declarator
  name: (array_pattern (identifier) @name)
  value: (_)? @type) @definition.variable

; CommonJS: `exports.x = …`, `module.exports.x = …`.
(assignment_expression
  left: (member_expression
    object: (identifier) @_exports
    property: (property_identifier) @name)
  right: (_) @type
  (#eq? @_exports "exports")) @definition.variable

(assignment_expression
  left: (member_expression
    object: (member_expression
      object: (identifier) @_module
      property: (property_identifier) @_exports)
    property: (property_identifier) @name)
  right: (_) @type
  (#eq? @_module "module")
  (#eq? @_exports "exports")) @definition.variable

; `module.exports = function f() {…}` (or a class): the module's export, named as written.
(assignment_expression
  left: (member_expression
    object: (identifier) @_module
    property: (property_identifier) @_exports)
  right: (function_expression name: (identifier) @name) @type
  (#eq? @_module "module")
  (#eq? @_exports "exports")) @definition.variable

(assignment_expression
  left: (member_expression
    object: (identifier) @_module
    property: (property_identifier) @_exports)
  right: (class name: (_) @name) @type
  (#eq? @_module "module")
  (#eq? @_exports "exports")) @definition.variable

; A class written the old way, `Cls.prototype.m = function …`, and a function hung on a
; module-level object, `app.init = function …`: methods of `Cls` and `app`.
(assignment_expression
  left: (member_expression
    object: (member_expression
      object: (identifier) @receiver
      property: (property_identifier) @_prototype)
    property: (property_identifier) @name)
  right: (_) @type
  (#eq? @_prototype "prototype")) @definition.method

(assignment_expression
  left: (member_expression
    object: (identifier) @receiver
    property: (property_identifier) @name)
  right: [(function_expression) (arrow_function)] @type
  (#not-eq? @receiver "exports")
  (#not-eq? @receiver "module")) @definition.method

(call_expression
  function: [(identifier) (member_expression)] @reference.call)

(new_expression
  constructor: [(identifier) (member_expression)] @reference.call)

(class_heritage
  [(identifier) (member_expression)] @reference.base)

; Exports that name what they pass on: `export … from "m"`, `export default x`,
; `export { a as b }`, `module.exports = x`.
(import_statement) @import
(export_statement) @import
(assignment_expression
  left: (member_expression
    object: (identifier) @_module
    property: (property_identifier) @_exports)
  (#eq? @_module "module")
  (#eq? @_exports "exports")) @import
(call_expression
  function: (identifier) @_require
  arguments: (arguments . (string) .)
  (#eq? @_require "require")) @import

; Bindings whose type the code shows: values made by `new T(…)` or a call.
(variable_declarator) @binding
(field_definition) @binding
(assignment_expression) @binding
; Parameters: a call of one (a callback) is no call of a symbol.
(formal_parameters (identifier) @binding)
(formal_parameters (assignment_pattern left: (identifier) @binding))
(arrow_function parameter: (identifier) @binding)
