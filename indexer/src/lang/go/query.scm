; codemap's Go query: what is a definition, a call, an import, an embedded type.
;
; Capture names are a closed set checked when the query is compiled (indexer/src/extract.rs):
;   @definition.function / .method / .type / .field / .embedded / .method_spec
;   @definition.constant / .variable            the defining node
;   @name                                       its name
;   @body                                       a function's body (where the signature ends)
;   @receiver                                   a method's receiver list
;   @type                                       the type in a type declaration
;   @reference.call / @reference.embed          a called expression / an embedded type
;   @reference.type                             a type named in a declaration or literal
;   @import                                     an import spec
;   @binding                                    a parameter, field, var or := (its stated type)
;   @package                                    the package clause's name
; Whether a definition is local (inside a function, so left out) is decided by the extractor.

(package_clause (package_identifier) @package)

(function_declaration
  name: (identifier) @name
  body: (block)? @body) @definition.function

(method_declaration
  receiver: (parameter_list) @receiver
  name: (field_identifier) @name
  body: (block)? @body) @definition.method

(type_spec
  name: (type_identifier) @name
  type: (_) @type) @definition.type

(type_alias
  name: (type_identifier) @name
  type: (_) @type) @definition.type

(field_declaration
  name: (field_identifier) @name) @definition.field

; An embedded field: `sync.Mutex`, `*Base`, `List[T]`. Named after its type.
(field_declaration
  !name
  type: [(type_identifier) (qualified_type) (pointer_type) (generic_type)] @reference.embed) @definition.embedded

(method_elem
  name: (field_identifier) @name) @definition.method_spec

; An embedded interface: `io.Reader` inside `interface { ... }`.
(interface_type
  (type_elem . [(type_identifier) (qualified_type) (generic_type)] @reference.embed .))

; One match per spec; the extractor takes every name of `const a, b = 1, 2`.
(const_spec
  name: (identifier) @name) @definition.constant

(var_spec
  name: (identifier) @name) @definition.variable

(call_expression
  function: [(identifier) (selector_expression)] @reference.call)

; A generic function called with its type arguments: `f[string](x)` (read as an index),
; `f[int, bool](x)` and `pkg.F[T](x)` (read as a conversion to a generic type).
(call_expression
  function: (index_expression
    operand: [(identifier) (selector_expression)] @reference.call
    index: [(identifier) (type_identifier) (qualified_type) (selector_expression)
            (slice_type) (map_type) (pointer_type) (array_type) (generic_type)
            (interface_type) (struct_type) (function_type) (channel_type)]))
(type_conversion_expression
  type: (generic_type type: [(type_identifier) (qualified_type)] @reference.call))

(import_spec) @import

; Bindings whose type the code states (`@binding`): parameters, results, fields, `var`, `:=`,
; `range`, type switch cases; the types they name are `uses` edges (`@reference.type`).
(parameter_declaration type: (_) @reference.type) @binding
(field_declaration name: (_) type: (_) @reference.type) @binding
(var_spec type: (_)? @reference.type) @binding
; A typed constant (`autoColor colorMode = iota`): a use of its type.
(const_spec type: (_) @reference.type)
(short_var_declaration) @binding
(range_clause) @binding
(type_case) @binding

; The type a type is defined as or an alias of: `type BoolFlag = FlagBase[bool, …]` uses
; `FlagBase` (urfave/cli: 63 such places, `refs FlagBase` 0 from the map).
(type_alias type: [(type_identifier) (qualified_type) (generic_type)] @reference.type)
(type_spec type: [(type_identifier) (qualified_type) (generic_type)] @reference.type)

; Types named in composite literals and results: `uses` edges.
(composite_literal type: (_) @reference.type)
(function_declaration result: [(type_identifier) (qualified_type) (pointer_type) (generic_type) (slice_type)] @reference.type)
(method_declaration result: [(type_identifier) (qualified_type) (pointer_type) (generic_type) (slice_type)] @reference.type)
