; codemap's Rust query: what is a definition, a call, an import, an implemented trait.
;
; Capture names are a closed set checked when the query is compiled (indexer/src/extract.rs):
;   @definition.module / .class / .type / .function / .method / .field / .constant
;   @name                       its name
;   @body                       its body (where the signature ends)
;   @type                       what decides its kind (a struct's or enum's body)
;   @receiver                   an impl's self type: its methods hang under it (`Map.open`)
;   @reference.call             a called path or method
;   @reference.implements       the trait an `impl Trait for Type` implements
;   @reference.type             a type named in a signature, a field or a `let`
;   @import                     a `use` declaration
;   @binding                    a parameter, `let`, field, `for` or closure parameters (the
;                               type stated or the value's)
; Scope (module, type, trait, function) is decided by the extractor from byte-range nesting.

(mod_item
  name: (identifier) @name
  body: (declaration_list) @body) @definition.module

; `mod x;`: the module is the file `x.rs` (or `x/mod.rs`); the declaration names it.
(mod_item
  name: (identifier) @name
  !body) @definition.module
(mod_item
  !body) @import

(struct_item
  name: (type_identifier) @name) @definition.type

(union_item
  name: (type_identifier) @name) @definition.type

(enum_item
  name: (type_identifier) @name
  body: (enum_variant_list) @type) @definition.type

(enum_variant
  name: (identifier) @name) @definition.constant

(field_declaration
  name: (field_identifier) @name) @definition.field

(trait_item
  name: (type_identifier) @name
  body: (declaration_list) @type) @definition.type

(type_item
  name: (type_identifier) @name) @definition.type

(function_item
  name: (identifier) @name
  body: (block) @body) @definition.function

(function_signature_item
  name: (identifier) @name) @definition.function

; Methods and associated items of an impl hang under its self type.
(impl_item
  type: (_) @receiver
  body: (declaration_list
    (function_item
      name: (identifier) @name
      body: (block) @body) @definition.method))

(impl_item
  type: (_) @receiver
  body: (declaration_list
    (const_item
      name: (identifier) @name) @definition.method))

(impl_item
  type: (_) @receiver
  body: (declaration_list
    (type_item
      name: (type_identifier) @name) @definition.method))

(const_item
  name: (identifier) @name) @definition.constant

(static_item
  name: (identifier) @name) @definition.constant

(macro_definition
  name: (identifier) @name) @definition.function

(call_expression
  function: [(identifier) (scoped_identifier) (field_expression)] @reference.call)
; A call with a turbofish (`f::<T>()`, `a::f::<T>()`, `x.m::<T>()`): the name inside.
(call_expression
  function: (generic_function
    function: [(identifier) (scoped_identifier) (field_expression)] @reference.call))
; A macro's invocation (`all_the_tuples!(…)`, `tracing::info!(…)`): a call of the macro,
; named `all_the_tuples!` (the resolver's macro rules).
(macro_invocation
  macro: [(identifier) (scoped_identifier)]) @reference.call

; `impl Trait for Type`: `Type` implements `Trait`.
(impl_item
  trait: [(type_identifier) (scoped_type_identifier) (generic_type)] @reference.implements)

(use_declaration) @import

; Types named in signatures, fields and `let`s: `uses` edges.
(parameter
  type: [(type_identifier) (scoped_type_identifier) (generic_type)] @reference.type)
(parameter
  type: (reference_type type: [(type_identifier) (scoped_type_identifier) (generic_type)] @reference.type))
(function_item
  return_type: [(type_identifier) (scoped_type_identifier) (generic_type)] @reference.type)
(field_declaration
  type: [(type_identifier) (scoped_type_identifier) (generic_type)] @reference.type)
(let_declaration
  type: [(type_identifier) (scoped_type_identifier) (generic_type)] @reference.type)
; A type's arguments (`Mutex<Inner>`, `Box<Handler>`) and a struct built by its literal
; (`Inner { .. }`): uses of the type, which `map_unused` and `map_refs` count.
(type_arguments
  [(type_identifier) (scoped_type_identifier) (generic_type)] @reference.type)
(struct_expression
  name: [(type_identifier) (scoped_type_identifier)] @reference.type)

; Bindings whose type the code states or whose value tells it (`@binding`).
(parameter) @binding
(let_declaration) @binding
(field_declaration) @binding
(ordered_field_declaration_list) @binding
(for_expression) @binding
(closure_parameters) @binding
(match_pattern) @binding
(let_condition) @binding
(const_item) @binding
(static_item) @binding
