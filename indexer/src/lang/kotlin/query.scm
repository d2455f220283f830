; codemap's Kotlin query: what is a definition, a call, an import, a supertype, a stated type.
;
; Capture names are a closed set checked when the query is compiled (indexer/src/extract.rs):
;   @definition.type            a class, interface, enum or annotation class, an object, a
;                               companion object (`Companion` when unnamed), a type alias
;   @definition.function        a function, a secondary constructor (named after its class)
;   @definition.method          an extension function or property: `@receiver` is its
;                               receiver type, which its qualname carries (`String.padStart`)
;   @definition.field           a property; a primary constructor's `val`/`var` parameter
;   @definition.constant        an enum entry
;   @name                       its name
;   @body                       a function's body (where the signature ends)
;   @reference.call             a call: `f()`, `a.f()`, `A()` (a class's constructor)
;   @reference.base             a supertype called (`: Base()`): the superclass
;   @reference.implements       a supertype not called (`: I`, `: I by d`): an interface
;   @reference.type             a type named in a declaration, a cast, `is`
;   @import                     an import
;   @package                    the package header's name
;   @binding                    a local, parameter, property, `for` variable
; Which functions have a receiver is told by what precedes the name: modifiers and type
; parameters only (or nothing) for one without.

(package_header (qualified_identifier) @package)

(class_declaration name: (identifier) @name) @definition.type
(object_declaration name: (identifier) @name) @definition.type
(companion_object name: (identifier) @name) @definition.type
(companion_object !name) @definition.type @name
(type_alias type: (identifier) @name) @definition.type

(function_declaration . name: (identifier) @name (function_body)? @body) @definition.function
(function_declaration . (modifiers) . name: (identifier) @name (function_body)? @body) @definition.function
(function_declaration . (type_parameters) . name: (identifier) @name (function_body)? @body) @definition.function
(function_declaration . (modifiers) . (type_parameters) . name: (identifier) @name (function_body)? @body) @definition.function
(function_declaration
  [(user_type) (nullable_type) (parenthesized_type) (function_type)] @receiver
  . name: (identifier) @name
  (function_body)? @body) @definition.method

(secondary_constructor) @definition.function @name

(property_declaration . (variable_declaration (identifier) @name)) @definition.field
(property_declaration . (modifiers) . (variable_declaration (identifier) @name)) @definition.field
(property_declaration
  [(user_type) (nullable_type) (parenthesized_type) (function_type)] @receiver
  . (variable_declaration (identifier) @name)) @definition.method

; The parameter's name is its first identifier, after its modifiers (a default value after it may be a
; name too: okio's `val systemFileSystem: FileSystem = SYSTEM` made a field `SYSTEM`).
(class_parameter . (identifier) @name) @definition.field
(class_parameter . (modifiers) . (identifier) @name) @definition.field

(enum_entry (identifier) @name) @definition.constant

; A declaration's supertypes; an object expression's (`object : Source { … }` in a method)
; are not its enclosing class's (okio's `AsyncTimeout`, `Pipe` and `Throttler` were listed as
; implementations of `Source`).
(class_declaration (delegation_specifiers (delegation_specifier
  (constructor_invocation [(user_type) (nullable_type)] @reference.base))))
(class_declaration (delegation_specifiers (delegation_specifier [(user_type) (nullable_type)] @reference.implements)))
(class_declaration (delegation_specifiers (delegation_specifier
  (explicit_delegation [(user_type) (nullable_type)] @reference.implements))))
(object_declaration (delegation_specifiers (delegation_specifier
  (constructor_invocation [(user_type) (nullable_type)] @reference.base))))
(object_declaration (delegation_specifiers (delegation_specifier [(user_type) (nullable_type)] @reference.implements)))
(object_declaration (delegation_specifiers (delegation_specifier
  (explicit_delegation [(user_type) (nullable_type)] @reference.implements))))
(companion_object (delegation_specifiers (delegation_specifier
  (constructor_invocation [(user_type) (nullable_type)] @reference.base))))
(companion_object (delegation_specifiers (delegation_specifier [(user_type) (nullable_type)] @reference.implements)))
(companion_object (delegation_specifiers (delegation_specifier
  (explicit_delegation [(user_type) (nullable_type)] @reference.implements))))

(call_expression) @reference.call

(import) @import

; Bindings and the types they state: `uses` edges.
(parameter [(user_type) (nullable_type)] @reference.type)
(parameter) @binding
(class_parameter [(user_type) (nullable_type)] @reference.type)
(class_parameter) @binding
(property_declaration (variable_declaration [(user_type) (nullable_type)] @reference.type))
(property_declaration (variable_declaration)) @binding
(for_statement (variable_declaration) @binding)
(lambda_parameters (variable_declaration) @binding)
(function_declaration (function_value_parameters) . [(user_type) (nullable_type)] @reference.type)
(as_expression right: [(user_type) (nullable_type)] @reference.type)
(type_test [(user_type) (nullable_type)] @reference.type)
(type_arguments (type_projection [(user_type) (nullable_type)] @reference.type))
