; codemap's Ruby query: what is a definition, a call, an import, a base, a mixin.
;
; Kinds are decided in lang/ruby/mod.rs (`place`, `refine`): a `class` is a class, a `module`
; an interface (a namespace that classes mix in); a `def` in a class or module is a method, one
; on `self` (`def self.x`, or inside `class << self`) a function of it; constants at file,
; class and module level; `attr_reader`/`attr_writer`/`attr_accessor` fields, one per symbol.

; `class A < B`, `module M`: the name a plain constant.
(class
  name: (constant) @name
  body: (_)? @body) @definition.class

(module
  name: (constant) @name
  body: (_)? @body) @definition.class

; `class A::B`, `module A::B::C`: a definition with a receiver, the scope it is written in
; (refined to a class or an interface; its qualname is `A.B`).
(class
  name: (scope_resolution
    scope: (_) @receiver
    name: (constant) @name)
  body: (_)? @body) @definition.method

(module
  name: (scope_resolution
    scope: (_) @receiver
    name: (constant) @name)
  body: (_)? @body) @definition.method

(method
  name: (_) @name
  body: (_)? @body) @definition.function

; `def self.x`: a function of the enclosing class or module.
(singleton_method
  object: (self)
  name: (_) @name
  body: (_)? @body) @definition.function

; `def Foo.x` (outside Foo): a function of `Foo`.
(singleton_method
  object: [(constant) (scope_resolution)] @receiver
  name: (_) @name
  body: (_)? @body) @definition.method

; `FOO = …`
(assignment
  left: (constant) @name) @definition.constant

; `attr_reader :a, :b` and its kin: one field per symbol.
(call
  method: (identifier) @_attr
  arguments: (argument_list (simple_symbol) @name)
  (#eq? @_attr "attr_reader")) @definition.field
(call
  method: (identifier) @_attr
  arguments: (argument_list (simple_symbol) @name)
  (#eq? @_attr "attr_writer")) @definition.field
(call
  method: (identifier) @_attr
  arguments: (argument_list (simple_symbol) @name)
  (#eq? @_attr "attr_accessor")) @definition.field

; `alias new old`, `alias_method :new, :old`, `define_method(:x)`: methods.
(alias
  name: (_) @name) @definition.function
(call
  method: (identifier) @_alias
  arguments: (argument_list . (simple_symbol) @name)
  (#eq? @_alias "alias_method")) @definition.function
(call
  method: (identifier) @_define
  arguments: (argument_list . (simple_symbol) @name)
  (#eq? @_define "define_method")) @definition.function

; The superclass, and the modules `include`, `extend` and `prepend` mix in.
(superclass
  [(constant) (scope_resolution)] @reference.base)
(call
  method: (identifier) @_mixin
  arguments: (argument_list [(constant) (scope_resolution)] @reference.base)
  (#eq? @_mixin "include"))
(call
  method: (identifier) @_mixin
  arguments: (argument_list [(constant) (scope_resolution)] @reference.base)
  (#eq? @_mixin "extend"))
(call
  method: (identifier) @_mixin
  arguments: (argument_list [(constant) (scope_resolution)] @reference.base)
  (#eq? @_mixin "prepend"))

; Every call with a receiver or arguments; a bare name that is a statement before another
; (`touch` on its own line: a local read there would do nothing). A bare name elsewhere may
; be a local (the last statement of a method is often the local it returns).
(call) @reference.call
(body_statement
  (identifier) @reference.call
  .
  (_))

; `require "a/b"`, `require_relative "x"`.
(call
  method: (identifier) @_require
  arguments: (argument_list . (string))
  (#eq? @_require "require")) @import
(call
  method: (identifier) @_require
  arguments: (argument_list . (string))
  (#eq? @_require "require_relative")) @import

; Locals, and the class a `Foo.new` gives them.
(assignment
  left: (identifier)) @binding
(method_parameters (identifier) @binding)
(block_parameters (identifier) @binding)
