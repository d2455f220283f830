; codemap's C query: what is a definition, a call, an include, a type named.
;
; Capture names are a closed set checked when the query is compiled (indexer/src/extract/query.rs):
;   @definition.function / .class / .type / .field / .constant / .variable
;   @name                 its name
;   @body                 a function's body (where the signature ends)
;   @type                 an enum's list of constants (the enum is a `type`)
;   @reference.call       a called name (`f(x)`; a call through a field or a pointer is none)
;   @reference.type       a type named in a declaration, a parameter, a field, a cast, `sizeof`
;   @import               an `#include`
; Whether a definition is local (inside a function, so left out) is decided by the extractor;
; whether a declaration declares a function or a variable (`int f(void);` or `int (*f)(void);`),
; and which prototypes and `extern`s are symbols, by `CSyntax::refine`.

; Function definitions: `f(...)`, `*f(...)`, `**f(...)`.
(function_definition
  declarator: (function_declarator declarator: (identifier) @name)
  body: (_) @body) @definition.function
(function_definition
  declarator: (_ declarator: (function_declarator declarator: (identifier) @name))
  body: (_) @body) @definition.function
(function_definition
  declarator: (_ declarator: (_ declarator: (function_declarator declarator: (identifier) @name)))
  body: (_) @body) @definition.function

; `int (f)(void) {…}`: a name in parentheses (Lua's API).
(function_definition
  declarator: (function_declarator declarator: (parenthesized_declarator (identifier) @name))
  body: (_) @body) @definition.function
(function_definition
  declarator: (_ declarator: (function_declarator declarator: (parenthesized_declarator (identifier) @name)))
  body: (_) @body) @definition.function

; Declarations at any depth of declarators: variables, and prototypes (refined to functions).
(declaration declarator: (identifier) @name) @definition.variable
(declaration declarator: (_ declarator: (identifier) @name)) @definition.variable
(declaration declarator: (_ declarator: (_ declarator: (identifier) @name))) @definition.variable
(declaration declarator: (_ declarator: (_ declarator: (_ declarator: (identifier) @name)))) @definition.variable

; `int (f)(void);`, `char *(g)(int);`: prototypes with the name in parentheses.
(declaration
  declarator: (function_declarator declarator: (parenthesized_declarator (identifier) @name))) @definition.variable
(declaration
  declarator: (_ declarator: (function_declarator declarator: (parenthesized_declarator (identifier) @name)))) @definition.variable

; Structs and unions with a body; an anonymous one named by its typedef holds its fields.
(struct_specifier name: (type_identifier) @name body: (_)) @definition.class
(union_specifier name: (type_identifier) @name body: (_)) @definition.class
(type_definition
  type: (struct_specifier !name body: (_))
  declarator: (type_identifier) @name) @definition.class
(type_definition
  type: (union_specifier !name body: (_))
  declarator: (type_identifier) @name) @definition.class

; Enums: a `type`; their constants are file-scope names (top level).
(enum_specifier name: (type_identifier) @name body: (enumerator_list) @type) @definition.type
(enumerator name: (identifier) @name) @definition.constant

; Typedefs: the defining node is the name itself (a typedef may hold a struct's body, whose
; symbol must not nest in it).
(type_definition declarator: (type_identifier) @name @definition.type)
(type_definition declarator: (_ declarator: (type_identifier) @name @definition.type))
(type_definition declarator: (_ declarator: (_ declarator: (type_identifier) @name @definition.type)))

; Fields.
(field_declaration declarator: (field_identifier) @name) @definition.field
(field_declaration declarator: (_ declarator: (field_identifier) @name)) @definition.field
(field_declaration declarator: (_ declarator: (_ declarator: (field_identifier) @name))) @definition.field

; Function pointers, arrays of them, and functions returning them: `int (*f)(int);`,
; `void *(*alloc)(size_t) = g;`, `void (*handlers[4])(int);` (a variable, field or typedef).
(declaration declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @name)))) @definition.variable
(declaration declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (array_declarator declarator: (identifier) @name))))) @definition.variable
(declaration declarator: (pointer_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @name))))) @definition.variable
(declaration declarator: (pointer_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (array_declarator declarator: (identifier) @name)))))) @definition.variable
(declaration declarator: (init_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @name))))) @definition.variable
(declaration declarator: (init_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (array_declarator declarator: (identifier) @name)))))) @definition.variable
(declaration declarator: (init_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (identifier) @name)))))) @definition.variable
(declaration declarator: (init_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (array_declarator declarator: (identifier) @name))))))) @definition.variable
(field_declaration declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (field_identifier) @name)))) @definition.field
(field_declaration declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (array_declarator declarator: (field_identifier) @name))))) @definition.field
(field_declaration declarator: (pointer_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (field_identifier) @name))))) @definition.field
(field_declaration declarator: (pointer_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (array_declarator declarator: (field_identifier) @name)))))) @definition.field
(type_definition declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name @definition.type))))
(type_definition declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (array_declarator declarator: (type_identifier) @name @definition.type)))))
(type_definition declarator: (pointer_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name @definition.type)))))
(type_definition declarator: (pointer_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (array_declarator declarator: (type_identifier) @name @definition.type))))))

; Macros: object-like a constant, function-like a function.
(preproc_def name: (identifier) @name) @definition.constant
(preproc_function_def name: (identifier) @name) @definition.function

(preproc_include path: [(string_literal) (system_lib_string)]) @import

(call_expression function: (identifier) @reference.call)

; Types named: `uses` edges. A struct, union or enum named without its body.
(parameter_declaration type: (type_identifier) @reference.type)
(parameter_declaration type: (struct_specifier name: (_) @reference.type !body))
(parameter_declaration type: (union_specifier name: (_) @reference.type !body))
(parameter_declaration type: (enum_specifier name: (_) @reference.type !body))
(field_declaration type: (type_identifier) @reference.type)
(field_declaration type: (struct_specifier name: (_) @reference.type !body))
(field_declaration type: (union_specifier name: (_) @reference.type !body))
(field_declaration type: (enum_specifier name: (_) @reference.type !body))
(declaration type: (type_identifier) @reference.type)
(declaration type: (struct_specifier name: (_) @reference.type !body))
(declaration type: (union_specifier name: (_) @reference.type !body))
(declaration type: (enum_specifier name: (_) @reference.type !body))
(function_definition type: (type_identifier) @reference.type)
(function_definition type: (struct_specifier name: (_) @reference.type !body))
(function_definition type: (union_specifier name: (_) @reference.type !body))
(function_definition type: (enum_specifier name: (_) @reference.type !body))
(type_descriptor type: (type_identifier) @reference.type)
(type_descriptor type: (struct_specifier name: (_) @reference.type !body))
(type_descriptor type: (union_specifier name: (_) @reference.type !body))
(type_descriptor type: (enum_specifier name: (_) @reference.type !body))
(type_definition type: (type_identifier) @reference.type)
(type_definition type: (struct_specifier name: (_) @reference.type !body))
(type_definition type: (union_specifier name: (_) @reference.type !body))
(type_definition type: (enum_specifier name: (_) @reference.type !body))
