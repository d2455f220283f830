; codemap's Python query: what is a definition, a call, an import, a base.
;
; Capture names are a closed set checked when the query is compiled (indexer/src/extract.rs):
;   @definition.class / .function / .variable   the defining node
;   @name                                       its name
;   @body                                       its body (for the signature's end and docstring)
;   @reference.call / @reference.base           a called expression / a base class expression
;   @reference.type                             a type named in an annotation or isinstance
;   @import                                     an import statement
;   @binding                                    an assignment or parameter (its stated type)
; Scope (module, class, function) is decided by the extractor from byte-range nesting, so
; definitions inside `if`/`try`/`with` blocks at module or class level are found too.

(class_definition
  name: (identifier) @name
  body: (block) @body) @definition.class

(function_definition
  name: (identifier) @name
  body: (block) @body) @definition.function

; `x = ...`, `x: int = ...`, `x: int`, chained `a = b = ...`
(assignment
  left: (identifier) @name) @definition.variable

; `a, b = ...` and `(a, b) = ...`
(assignment
  left: (pattern_list (identifier) @name)) @definition.variable
(assignment
  left: (tuple_pattern (identifier) @name)) @definition.variable

(class_definition
  superclasses: (argument_list
    [(identifier) (attribute)] @reference.base))

; A generic base, `class String(Field[str])`: the class subscripted (marshmallow's fields,
; nearly all `Field[...]`, had no base edge: `impls Number` said 0).
(class_definition
  superclasses: (argument_list
    (subscript
      value: [(identifier) (attribute)] @reference.base)))

(call
  function: [(identifier) (attribute)] @reference.call)

; A decorator named without a call (`@pass_context`, `@click.pass_context`): it is called
; with the function it decorates.
(decorator [(identifier) (attribute)] @reference.call)

(import_statement) @import
(import_from_statement) @import

; Bindings whose type the code states: `x = Cls(...)`, `x: T = ...`, `self.x = ...`, and
; annotated parameters (and plain ones whose default names a value).
(assignment type: (type)? @reference.type) @binding
(typed_parameter type: (type) @reference.type) @binding
(typed_default_parameter type: (type) @reference.type) @binding
(default_parameter) @binding
(parameters (identifier) @binding)
(lambda_parameters (identifier) @binding)
(for_statement) @binding

; Types named in annotations and `isinstance`: `uses` edges.
(function_definition return_type: (type) @reference.type)
(call
  function: (identifier) @_isinstance
  arguments: (argument_list . (_) . [(identifier) (attribute)] @reference.type)
  (#eq? @_isinstance "isinstance"))
