; The rules TypeScript and JavaScript share (JavaScript is TypeScript without types): variables,
; functions and methods, calls, imports and exports. Each language's query.scm adds its own
; definitions before them and its bases and bindings after them; the two are concatenated.

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

; The methods of an object bound to a variable, `const objectTraps = { get(s, p) {…}, has:
; function (s, p) {…} }`: methods of `objectTraps`, as the servers outline them (immer's
; proxy traps had no symbol, and the outline's IDs were refused).
(variable_declarator
  name: (identifier) @receiver
  value: (object
    (method_definition
      name: (property_identifier) @name
      body: (statement_block) @body) @definition.method))

(variable_declarator
  name: (identifier) @receiver
  value: (object
    (pair
      key: (property_identifier) @name
      value: [(function_expression) (arrow_function)] @type) @definition.method))

; CommonJS's `module.exports = { get header() {…}, set(field, val) {…}, key: function () {…} }`:
; the module's own functions, as tsc outlines them (koa's request.js and response.js: 80
; getters, setters and methods, none in the map).
(expression_statement
  (assignment_expression
    left: (member_expression
      object: (identifier) @_module
      property: (property_identifier) @_exports)
    right: (object
      (method_definition
        name: (property_identifier) @name
        body: (statement_block) @body) @definition.function)
    (#eq? @_module "module")
    (#eq? @_exports "exports")))

(expression_statement
  (assignment_expression
    left: (member_expression
      object: (identifier) @_module
      property: (property_identifier) @_exports)
    right: (object
      (pair
        key: (property_identifier) @name
        value: [(function_expression) (arrow_function)] @type) @definition.variable)
    (#eq? @_module "module")
    (#eq? @_exports "exports")))

; `const proto = module.exports = { throw(…) {…} }`: methods of `proto` (koa's context.js).
(variable_declarator
  name: (identifier) @receiver
  value: (assignment_expression
    right: (object
      (method_definition
        name: (property_identifier) @name
        body: (statement_block) @body) @definition.method)))

(variable_declarator
  name: (identifier) @receiver
  value: (assignment_expression
    right: (object
      (pair
        key: (property_identifier) @name
        value: [(function_expression) (arrow_function)] @type) @definition.method)))

; Chained: `res.set = res.header = function header …` (Express), each name a method of the one
; function (`Syntax::shared_node` places them all by the outermost assignment).
(assignment_expression
  left: (member_expression
    object: (identifier) @receiver
    property: (property_identifier) @name)
  right: (assignment_expression
    right: [(function_expression) (arrow_function)]) @type
  (#not-eq? @receiver "exports")
  (#not-eq? @receiver "module")) @definition.method

(assignment_expression
  left: (member_expression
    object: (identifier) @receiver
    property: (property_identifier) @name)
  right: (assignment_expression
    right: (assignment_expression
      right: [(function_expression) (arrow_function)])) @type
  (#not-eq? @receiver "exports")
  (#not-eq? @receiver "module")) @definition.method

(call_expression
  function: [(identifier) (member_expression)] @reference.call)

(new_expression
  constructor: [(identifier) (member_expression)] @reference.call)

; `f.call(this, …)`, `f.apply(this, args)`, `f.bind(this)`: `f` is called (axios's
; `dispatchRequest.call(this, config)` made no edge: "no calls" as fact).
(call_expression
  function: (member_expression
    object: [(identifier) (member_expression)] @reference.call
    property: (property_identifier) @_call)
  (#eq? @_call "call"))
(call_expression
  function: (member_expression
    object: [(identifier) (member_expression)] @reference.call
    property: (property_identifier) @_apply)
  (#eq? @_apply "apply"))
(call_expression
  function: (member_expression
    object: [(identifier) (member_expression)] @reference.call
    property: (property_identifier) @_bind)
  (#eq? @_bind "bind"))

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
