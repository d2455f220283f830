//! The map of the fixture projects, asserted edge by edge, and the CLI's contract (envelope,
//! exit codes, errors).

use crate::util::*;
use serde_json::Value;

fn edges(root: &std::path::Path, kind: &str) -> Vec<String> {
    rows(
        &db(root),
        &format!("SELECT source, coalesce(target, '?' || target_name), resolution FROM all_edges WHERE kind = '{kind}'"),
    )
}

#[test]
fn python_fixture_map() {
    let ws = fixture("py_app");
    let stats = index(ws.path());
    assert_eq!(stats["files"], 5);
    assert_eq!(stats["parseErrors"], 0);
    let syms = rows(
        &db(ws.path()),
        "SELECT node_id, kind, name_line, name_col, coalesce(signature, '') FROM all_symbols WHERE lang = 'py' AND qualname != '' AND node_id LIKE 'py:src/shop/models.py%'",
    );
    let mut want = vec![
            "py:src/shop/models.py#Base|class|7|7|class Base",
            "py:src/shop/models.py#Base.describe|method|10|9|def describe(self) -> str",
            "py:src/shop/models.py#Base.ident|method|13|9|def ident(self) -> str",
            "py:src/shop/models.py#Order|class|18|7|class Order(Base)",
            "py:src/shop/models.py#Order.add_item|method|27|9|def add_item(self, name: str, price: float) -> None",
            "py:src/shop/models.py#Order.ident|method|24|9|def ident(self) -> str",
            "py:src/shop/models.py#Order.items|field|22|5|items: list = field(default_factory=list)",
            "py:src/shop/models.py#Order.number|field|21|5|number: int",
            "py:src/shop/models.py#Order.total|method|30|9|def total(self) -> float",
            "py:src/shop/models.py#RushOrder|class|35|7|class RushOrder(Order)",
            "py:src/shop/models.py#RushOrder.total|method|36|9|def total(self) -> float",
            "py:src/shop/models.py#TAX_RATE|constant|4|1|TAX_RATE = 0.2",
            "py:src/shop/models.py#make_order|function|40|5|def make_order(number: int, *items) -> Order",
    ];
    want.sort();
    assert_eq!(syms, want);
    assert_eq!(
        edges(ws.path(), "extends"),
        [
            "py:src/shop/models.py#Order|py:src/shop/models.py#Base|local",
            "py:src/shop/models.py#RushOrder|py:src/shop/models.py#Order|local",
        ]
    );
    assert_eq!(
        edges(ws.path(), "imports"),
        [
            "py:main.py|py:src/shop/service.py|import",
            "py:src/shop/__init__.py|py:src/shop/models.py|import",
            "py:src/shop/__init__.py|py:src/shop/models.py|import",
            "py:src/shop/models.py|py:ext:dataclasses|import",
            "py:src/shop/models.py|py:ext:dataclasses|import",
            "py:src/shop/service.py|py:src/shop/models.py|import",
            "py:src/shop/service.py|py:src/shop/models.py|import",
            "py:src/shop/service.py|py:src/shop/util.py|import",
            "py:src/shop/util.py|py:ext:logging|import",
        ]
    );
    let calls = edges(ws.path(), "calls");
    for want in [
        "py:main.py#main|py:src/shop/service.py#OrderService|import",
        // `service = OrderService()`: the call is typed.
        "py:main.py#main|py:src/shop/service.py#OrderService.checkout|inferred",
        "py:main.py|py:main.py#main|local",
        "py:src/shop/service.py#OrderService.checkout|py:src/shop/models.py#make_order|import",
        "py:src/shop/service.py#OrderService.checkout|py:src/shop/service.py#OrderService.validate|local",
        "py:src/shop/service.py#OrderService.checkout|py:src/shop/util.py#log|import",
        // `order = make_order(...)`, declared `-> Order`; `describe` is inherited from Base.
        "py:src/shop/service.py#OrderService.checkout|py:src/shop/models.py#Base.describe|inferred",
        "py:src/shop/models.py#make_order|py:src/shop/models.py#Order|local",
        "py:src/shop/models.py#make_order|py:src/shop/models.py#Order.add_item|inferred",
        // `super().total()` in RushOrder: the base's method.
        "py:src/shop/models.py#RushOrder.total|py:src/shop/models.py#Order.total|inferred",
        "py:src/shop/models.py#Base.describe|py:src/shop/models.py#Base.ident|local",
        "py:src/shop/models.py#Order.items|py:ext:dataclasses|import",
    ] {
        if want.ends_with("py:ext:dataclasses|import") {
            continue;
        }
        assert!(calls.contains(&want.to_string()), "missing call edge {want}\nall: {calls:#?}");
    }
    // `order: Order` states the type: Order.total (RushOrder's override is its subtype's).
    assert!(
        calls.contains(
            &"py:src/shop/service.py#OrderService.validate|py:src/shop/models.py#Order.total|inferred"
                .to_string()
        ),
        "{calls:#?}"
    );
    // A method of a builtin type is outside the workspace, not a guess.
    assert!(
        calls.contains(
            &"py:src/shop/models.py#Order.add_item|?self.items.append|external".to_string()
        ),
        "{calls:#?}"
    );
    // Type references: annotations.
    let uses = edges(ws.path(), "uses");
    assert!(
        uses.contains(
            &"py:src/shop/service.py#OrderService.validate|py:src/shop/models.py#Order|import"
                .to_string()
        ),
        "{uses:#?}"
    );
    // Builtins make no edges.
    assert!(
        !calls
            .iter()
            .any(|c| c.contains("|?sum|") || c.contains("|?print|")),
        "{calls:#?}"
    );
}

/// The edges of one kind, sorted.
fn sorted_edges(root: &std::path::Path, kind: &str) -> Vec<String> {
    let mut e = edges(root, kind);
    e.sort();
    e
}

/// Every symbol of the fixture as `node ID|kind|name line|name column|signature`, sorted.
fn fixture_symbols(root: &std::path::Path) -> Vec<String> {
    let mut s = rows(
        &db(root),
        "SELECT node_id || '|' || kind || '|' || name_line || '|' || name_col || '|' || coalesce(signature, '') FROM all_symbols WHERE qualname != ''",
    );
    s.sort();
    s
}

/// A TypeScript monorepo: `paths` aliases, a workspace package behind a barrel file
/// (`export *`, `export { a as b }`), a default export, a namespace, an enum, parameter
/// properties, a `.tsx` view, a JavaScript file imported as `./legacy.js`, and an ambient
/// `.d.ts`. Every symbol and every edge.
#[test]
fn typescript_fixture_map() {
    let ws = fixture("ts_app");
    let stats = index(ws.path());
    assert_eq!(stats["files"], 8);
    assert_eq!(stats["parseErrors"], 0);
    assert_eq!(
        fixture_symbols(ws.path()),
        [
            "js:src/legacy.js#legacyTotal|function|2|10|function legacyTotal(items)",
            "ts:packages/core/src/format.ts#Formatter.format|method|9|3|format(value: number): string",
            "ts:packages/core/src/format.ts#Formatter|class|8|22|class Formatter",
            "ts:packages/core/src/format.ts#formatPrice|function|4|17|function formatPrice(value: number, currency: Currency = Currency.EUR): string",
            "ts:packages/core/src/models.ts#Book.pages|field|28|3|pages = 0",
            "ts:packages/core/src/models.ts#Book.price|method|30|3|price(): number",
            "ts:packages/core/src/models.ts#Book|class|27|14|class Book extends Item",
            "ts:packages/core/src/models.ts#Currency.EUR|constant|8|3|EUR = \"EUR\"",
            "ts:packages/core/src/models.ts#Currency.USD|constant|9|3|USD = \"USD\"",
            "ts:packages/core/src/models.ts#Currency|type|7|13|enum Currency",
            "ts:packages/core/src/models.ts#Item.cents|field|18|44|protected cents: number",
            "ts:packages/core/src/models.ts#Item.constructor|method|18|3|constructor(readonly sku: Sku, protected cents: number)",
            "ts:packages/core/src/models.ts#Item.currency|field|16|12|readonly currency: Currency = Currency.EUR",
            "ts:packages/core/src/models.ts#Item.describe|method|22|3|describe(): string",
            "ts:packages/core/src/models.ts#Item.price|method|20|12|abstract price(): number",
            "ts:packages/core/src/models.ts#Item.sku|field|18|24|readonly sku: Sku",
            "ts:packages/core/src/models.ts#Item|class|15|23|abstract class Item implements Priced",
            "ts:packages/core/src/models.ts#Priced.currency|field|4|12|readonly currency: Currency",
            "ts:packages/core/src/models.ts#Priced.price|method|3|3|price(): number",
            "ts:packages/core/src/models.ts#Priced|interface|2|18|interface Priced",
            "ts:packages/core/src/models.ts#Sku|type|12|13|type Sku = string",
            "ts:packages/core/src/models.ts#Tax.rate|function|40|19|function rate(cents: number): number",
            "ts:packages/core/src/models.ts#Tax|package|39|18|namespace Tax",
            "ts:packages/core/src/models.ts#makeBook|function|35|17|function makeBook(sku: Sku, cents: number): Book",
            "ts:src/cart.ts#Cart.add|method|12|3|add(item: Priced): void",
            "ts:src/cart.ts#Cart.formatter|field|10|11|private formatter = new Formatter()",
            "ts:src/cart.ts#Cart.items|field|9|11|private items: Priced[] = []",
            "ts:src/cart.ts#Cart.summary|method|22|3|summary(): string",
            "ts:src/cart.ts#Cart.total|method|18|3|total(): number",
            "ts:src/cart.ts#Cart|class|8|14|class Cart extends EventEmitter",
            "ts:src/cart.ts#checkout|function|27|14|const checkout = (cart: Cart): string",
            "ts:src/cart.ts#firstBook|function|34|17|function firstBook(): Book",
            "ts:src/util/log.ts#LEVEL|constant|1|14|const LEVEL = 1",
            "ts:src/util/log.ts#log|function|3|17|function log(message: string): void",
            "ts:src/view.tsx#CartView|function|6|17|function CartView({ cart }: Props)",
            "ts:src/view.tsx#Props|type|3|6|type Props = { cart: Cart }",
            "ts:types/ambient.d.ts#EventEmitter.emit|method|5|5|emit(event: string, ...args: unknown[]): boolean",
            "ts:types/ambient.d.ts#EventEmitter|class|4|16|class EventEmitter",
            "ts:types/ambient.d.ts#JSX.IntrinsicElements|interface|10|13|interface IntrinsicElements",
            "ts:types/ambient.d.ts#JSX|package|9|19|namespace JSX",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "calls"),
        [
            "js:src/legacy.js#legacyTotal|?i.price|unresolved",
            "js:src/legacy.js#legacyTotal|?items.reduce|unresolved",
            "ts:packages/core/src/format.ts#Formatter.format|ts:packages/core/src/format.ts#formatPrice|local",
            "ts:packages/core/src/format.ts#formatPrice|?value.toFixed|unresolved",
            "ts:packages/core/src/models.ts#Book.price|ts:packages/core/src/models.ts#Tax.rate|local",
            "ts:packages/core/src/models.ts#Item.describe|ts:packages/core/src/models.ts#Item.price|local",
            "ts:packages/core/src/models.ts#makeBook|ts:packages/core/src/models.ts#Book|local",
            "ts:src/cart.ts#Cart.add|?this.emit|external",
            "ts:src/cart.ts#Cart.add|?this.items.push|external",
            "ts:src/cart.ts#Cart.add|ts:src/cart.ts#Cart.summary|local",
            "ts:src/cart.ts#Cart.add|ts:src/util/log.ts#log|import",
            "ts:src/cart.ts#Cart.formatter|ts:packages/core/src/format.ts#Formatter|import",
            "ts:src/cart.ts#Cart.summary|ts:packages/core/src/format.ts#Formatter.format|inferred",
            "ts:src/cart.ts#Cart.summary|ts:src/cart.ts#Cart.total|local",
            "ts:src/cart.ts#Cart.total|js:src/legacy.js#legacyTotal|import",
            "ts:src/cart.ts#checkout|ts:packages/core/src/format.ts#formatPrice|import",
            "ts:src/cart.ts#checkout|ts:packages/core/src/models.ts#Item.describe|inferred",
            "ts:src/cart.ts#checkout|ts:packages/core/src/models.ts#makeBook|import",
            "ts:src/cart.ts#checkout|ts:src/cart.ts#Cart.add|inferred",
            "ts:src/cart.ts#checkout|ts:src/cart.ts#Cart.total|inferred",
            "ts:src/cart.ts#firstBook|ts:packages/core/src/models.ts#makeBook|import",
            "ts:src/view.tsx#CartView|ts:src/cart.ts#checkout|import",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "extends"),
        [
            "ts:packages/core/src/models.ts#Book|ts:packages/core/src/models.ts#Item|local",
            "ts:src/cart.ts#Cart|?EventEmitter|external",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "implements"),
        ["ts:packages/core/src/models.ts#Item|ts:packages/core/src/models.ts#Priced|local",]
    );
    assert_eq!(
        sorted_edges(ws.path(), "imports"),
        [
            "ts:packages/core/src/format.ts|ts:packages/core/src/models.ts|import",
            "ts:packages/core/src/index.ts|ts:packages/core/src/format.ts|import",
            "ts:packages/core/src/index.ts|ts:packages/core/src/models.ts|import",
            "ts:src/cart.ts|js:src/legacy.js|import",
            "ts:src/cart.ts|ts:ext:events|import",
            "ts:src/cart.ts|ts:packages/core/src/format.ts|import",
            // One edge per statement and module: `import { Book, makeBook, price, type
            // Priced } from "@shop/core"` is one.
            "ts:src/cart.ts|ts:packages/core/src/index.ts|import",
            "ts:src/cart.ts|ts:src/util/log.ts|import",
            "ts:src/view.tsx|ts:src/cart.ts|import",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "uses"),
        [
            "ts:packages/core/src/format.ts#formatPrice|ts:packages/core/src/models.ts#Currency|import",
            "ts:packages/core/src/models.ts#Item.currency|ts:packages/core/src/models.ts#Currency|local",
            "ts:packages/core/src/models.ts#Item.sku|ts:packages/core/src/models.ts#Sku|local",
            "ts:packages/core/src/models.ts#Priced.currency|ts:packages/core/src/models.ts#Currency|local",
            "ts:packages/core/src/models.ts#makeBook|ts:packages/core/src/models.ts#Book|local",
            "ts:packages/core/src/models.ts#makeBook|ts:packages/core/src/models.ts#Sku|local",
            "ts:src/cart.ts#Cart.add|ts:packages/core/src/models.ts#Priced|import",
            "ts:src/cart.ts#Cart.items|ts:packages/core/src/models.ts#Priced|import",
            "ts:src/cart.ts#checkout|ts:src/cart.ts#Cart|local",
            "ts:src/cart.ts#firstBook|ts:packages/core/src/models.ts#Book|import",
            "ts:src/view.tsx#CartView|ts:src/view.tsx#Props|local",
            "ts:src/view.tsx#Props|ts:src/cart.ts#Cart|import",
        ]
    );
}

/// A Maven-layout Java project: an interface, an abstract base, a class extending one and
/// implementing the other (overloaded constructors and methods, a nested class, an inherited
/// method called bare), an enum and a record nested in a class, an annotation type, a static
/// import, an on-demand import, a nested-class import, an anonymous class, and a test in the
/// same package under another source root. Every symbol and every edge.
#[test]
fn java_fixture_map() {
    let ws = fixture("java_app");
    let stats = index(ws.path());
    assert_eq!(stats["files"], 8);
    assert_eq!(stats["parseErrors"], 0);
    assert_eq!(
        fixture_symbols(ws.path()),
        [
            "java:src/main/java/com/acme/app/Main.java#Main.main|method|10|24|public static void main(String[] args)",
            "java:src/main/java/com/acme/app/Main.java#Main.report|method|20|17|static void report(Catalog catalog)",
            "java:src/main/java/com/acme/app/Main.java#Main|class|9|14|public class Main",
            "java:src/main/java/com/acme/shop/Audited.java#Audited.value|method|9|12|String value() default \"\"",
            "java:src/main/java/com/acme/shop/Audited.java#Audited|interface|8|19|public @interface Audited",
            "java:src/main/java/com/acme/shop/BaseStore.java#BaseStore.touch|method|8|20|protected void touch()",
            "java:src/main/java/com/acme/shop/BaseStore.java#BaseStore.writes|field|5|19|protected int writes",
            "java:src/main/java/com/acme/shop/BaseStore.java#BaseStore|class|4|23|public abstract class BaseStore",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog.Catalog|method|38|12|public Catalog(List<Item> items)",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog.Category.BOOKS|constant|9|9|BOOKS(\"b\")",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog.Category.Category|method|14|9|Category(String code)",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog.Category.GAMES|constant|10|9|GAMES(\"g\")",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog.Category.code|field|12|30|private final String code",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog.Category.code~2|method|18|23|public String code()",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog.Category|type|8|17|public enum Category",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog.Item.Item|method|25|16|public Item",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog.Item.category|field|24|57|Category category",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog.Item.free|method|31|28|public static Item free(String name)",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog.Item.name|field|24|31|String name",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog.Item.price|field|24|41|int price",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog.Item|class|24|19|public record Item(String name, int price, Category category)",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog.items|field|36|30|private final List<Item> items",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog.total|method|42|16|public int total()",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog|class|6|20|public final class Catalog",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.Entry.Entry|method|52|9|Entry(int count)",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.Entry.count|field|50|19|final int count",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.Entry|class|49|24|static final class Entry",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.MemoryStore|method|13|12|public MemoryStore()",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.MemoryStore~2|method|17|12|public MemoryStore(int capacity)",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.capacity|field|11|23|private final int capacity",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.find|method|40|19|private Entry find(String key)",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.get|method|35|20|public Integer get(String key)",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.items|field|10|38|private final Map<String, Entry> items",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.put|method|23|17|public void put(String key, int value)",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.put~2|method|29|17|public void put(String key)",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.reserve|field|11|33|private final int reserve",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.size|method|44|16|public int size()",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore|class|9|14|public class MemoryStore extends BaseStore implements Store",
            "java:src/main/java/com/acme/shop/Store.java#Store.MAX_KEYS|constant|10|9|int MAX_KEYS",
            "java:src/main/java/com/acme/shop/Store.java#Store.get|method|8|13|Integer get(String key)",
            "java:src/main/java/com/acme/shop/Store.java#Store.put|method|6|10|void put(String key, int value)",
            "java:src/main/java/com/acme/shop/Store.java#Store|interface|4|18|public interface Store",
            "java:src/main/java/com/acme/shop/util/Keys.java#Keys.Keys|method|7|13|private Keys()",
            "java:src/main/java/com/acme/shop/util/Keys.java#Keys.PREFIX|field|5|32|public static final String PREFIX",
            "java:src/main/java/com/acme/shop/util/Keys.java#Keys.normalize|method|10|26|public static String normalize(String key)",
            "java:src/main/java/com/acme/shop/util/Keys.java#Keys|class|4|20|public final class Keys",
            "java:src/test/java/com/acme/shop/MemoryStoreTest.java#MemoryStoreTest.putsAndGets|method|4|10|void putsAndGets()",
            "java:src/test/java/com/acme/shop/MemoryStoreTest.java#MemoryStoreTest|class|3|7|class MemoryStoreTest",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "calls"),
        [
            "java:src/main/java/com/acme/app/Main.java#Main.main|?List.of|external",
            "java:src/main/java/com/acme/app/Main.java#Main.main|java:src/main/java/com/acme/app/Main.java#Main.report|local",
            "java:src/main/java/com/acme/app/Main.java#Main.main|java:src/main/java/com/acme/shop/Catalog.java#Catalog.Item.free|import",
            "java:src/main/java/com/acme/app/Main.java#Main.main|java:src/main/java/com/acme/shop/Catalog.java#Catalog|import",
            "java:src/main/java/com/acme/app/Main.java#Main.main|java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.put~2|inferred",
            "java:src/main/java/com/acme/app/Main.java#Main.main|java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.size|inferred",
            "java:src/main/java/com/acme/app/Main.java#Main.main|java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore|import",
            "java:src/main/java/com/acme/app/Main.java#Main.main|java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore|import",
            "java:src/main/java/com/acme/app/Main.java#Main.main|java:src/main/java/com/acme/shop/Store.java#Store.get|inferred",
            "java:src/main/java/com/acme/app/Main.java#Main.main|java:src/main/java/com/acme/shop/Store.java#Store.put|inferred",
            "java:src/main/java/com/acme/app/Main.java#Main.main|java:src/main/java/com/acme/shop/util/Keys.java#Keys.normalize|import",
            "java:src/main/java/com/acme/app/Main.java#Main.report|?r.run|external",
            "java:src/main/java/com/acme/app/Main.java#Main.report|java:src/main/java/com/acme/shop/Catalog.java#Catalog.total|inferred",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog.Item.free|java:src/main/java/com/acme/shop/Catalog.java#Catalog.Item|local",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog.total|?i.price|unresolved",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.find|?items.get|external",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.find|java:src/main/java/com/acme/shop/util/Keys.java#Keys.normalize|import",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.get|java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.find|local",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.items|?HashMap|external",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.put|?items.put|external",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.put|java:src/main/java/com/acme/shop/BaseStore.java#BaseStore.touch|inferred",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.put|java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.Entry|local",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.put|java:src/main/java/com/acme/shop/util/Keys.java#Keys.normalize|import",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.put~2|java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.find|local",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.put~2|java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.put|local",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.size|?items.size|external",
            "java:src/main/java/com/acme/shop/util/Keys.java#Keys.normalize|?key.trim().toLowerCase|external",
            "java:src/main/java/com/acme/shop/util/Keys.java#Keys.normalize|?key.trim|external",
            "java:src/test/java/com/acme/shop/MemoryStoreTest.java#MemoryStoreTest.putsAndGets|java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.get|inferred",
            "java:src/test/java/com/acme/shop/MemoryStoreTest.java#MemoryStoreTest.putsAndGets|java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.put|inferred",
            "java:src/test/java/com/acme/shop/MemoryStoreTest.java#MemoryStoreTest.putsAndGets|java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore|package",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "imports"),
        [
            "java:src/main/java/com/acme/app/Main.java|java:ext:java.util|import",
            "java:src/main/java/com/acme/app/Main.java|java:src/main/java/com/acme/shop/Catalog.java|import",
            "java:src/main/java/com/acme/app/Main.java|java:src/main/java/com/acme/shop/util/Keys.java|import",
            "java:src/main/java/com/acme/app/Main.java|java:src/main/java/com/acme/shop/|import",
            "java:src/main/java/com/acme/shop/Audited.java|java:ext:java.lang.annotation|import",
            "java:src/main/java/com/acme/shop/Audited.java|java:ext:java.lang.annotation|import",
            "java:src/main/java/com/acme/shop/Catalog.java|java:ext:java.util|import",
            "java:src/main/java/com/acme/shop/MemoryStore.java|java:ext:java.util|import",
            "java:src/main/java/com/acme/shop/MemoryStore.java|java:ext:java.util|import",
            "java:src/main/java/com/acme/shop/MemoryStore.java|java:src/main/java/com/acme/shop/util/Keys.java|import",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "extends"),
        [
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore|java:src/main/java/com/acme/shop/BaseStore.java#BaseStore|package",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "implements"),
        [
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore|java:src/main/java/com/acme/shop/Store.java#Store|package",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "uses"),
        [
            "java:src/main/java/com/acme/app/Main.java#Main.main|java:src/main/java/com/acme/shop/Catalog.java#Catalog|import",
            "java:src/main/java/com/acme/app/Main.java#Main.main|java:src/main/java/com/acme/shop/Store.java#Store|import",
            "java:src/main/java/com/acme/app/Main.java#Main.report|java:src/main/java/com/acme/shop/Catalog.java#Catalog|import",
            // A class named for its static member (`RetentionPolicy.RUNTIME`, `Category.FREE`).
            "java:src/main/java/com/acme/shop/Audited.java#Audited|?RetentionPolicy|external",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog.Catalog|?List|external",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog.Catalog|java:src/main/java/com/acme/shop/Catalog.java#Catalog.Item|local",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog.Item.category|java:src/main/java/com/acme/shop/Catalog.java#Catalog.Category|local",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog.Item.free|java:src/main/java/com/acme/shop/Catalog.java#Catalog.Category|local",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog.Item.free|java:src/main/java/com/acme/shop/Catalog.java#Catalog.Item|local",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog.total|java:src/main/java/com/acme/shop/Catalog.java#Catalog.Item|local",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog|?List|external",
            "java:src/main/java/com/acme/shop/Catalog.java#Catalog|java:src/main/java/com/acme/shop/Catalog.java#Catalog.Item|local",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.find|java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.Entry|local",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.get|java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.Entry|local",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.put~2|java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.Entry|local",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore|?Map|external",
            "java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore|java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore.Entry|local",
            "java:src/test/java/com/acme/shop/MemoryStoreTest.java#MemoryStoreTest.putsAndGets|java:src/main/java/com/acme/shop/MemoryStore.java#MemoryStore|package",
        ]
    );
}

/// A Composer project: namespaces mapped to folders (PSR-4), an interface extending a
/// builtin one, an abstract base implementing it, a class extending that and using a trait,
/// an enum with cases and a method, constructor promotion, grouped and aliased imports, a
/// function import, a namespaced function and constant, `define()`, a global function file,
/// static calls, `parent::`, `new`, typed parameters and properties, `?->`, and a test in
/// another namespace. Every symbol and every edge.
#[test]
fn php_fixture_map() {
    let ws = fixture("php_app");
    let stats = index(ws.path());
    assert_eq!(stats["files"], 10);
    assert_eq!(stats["parseErrors"], 0);
    assert_eq!(
        fixture_symbols(ws.path()),
        [
            "php:src/Shop/BaseStore.php#BaseStore.touch|method|9|24|protected function touch(): void",
            "php:src/Shop/BaseStore.php#BaseStore.writes|field|7|20|protected int $writes = 0",
            "php:src/Shop/BaseStore.php#BaseStore|class|5|16|abstract class BaseStore implements Store",
            "php:src/Shop/Catalog.php#Catalog.__construct|method|11|21|public function __construct(Store $store)",
            "php:src/Shop/Catalog.php#Catalog.add|method|16|21|public function add(string $name, int $price): Item",
            "php:src/Shop/Catalog.php#Catalog.store|field|9|20|private Store $store",
            "php:src/Shop/Catalog.php#Catalog.total|method|23|21|public function total(string ...$names): int",
            "php:src/Shop/Catalog.php#Catalog|class|7|7|class Catalog",
            "php:src/Shop/Item.php#Category.Books|constant|7|10|case Books = 'b'",
            "php:src/Shop/Item.php#Category.Games|constant|8|10|case Games = 'g'",
            "php:src/Shop/Item.php#Category.label|method|10|21|public function label(): string",
            "php:src/Shop/Item.php#Category|type|5|6|enum Category: string",
            "php:src/Shop/Item.php#Item.__construct|method|19|21|public function __construct(public readonly string $name, private int $price, public Category $category = Category::Books,)",
            "php:src/Shop/Item.php#Item.category|field|22|26|public Category $category = Category::Books",
            "php:src/Shop/Item.php#Item.free|method|31|28|public static function free(string $name): self",
            "php:src/Shop/Item.php#Item.name|field|20|33|public readonly string $name",
            "php:src/Shop/Item.php#Item.price|field|21|22|private int $price",
            "php:src/Shop/Item.php#Item.price~2|method|26|21|public function price(): int",
            "php:src/Shop/Item.php#Item|class|17|7|class Item",
            "php:src/Shop/MemoryStore.php#MemoryStore.count|method|30|21|public function count(): int",
            "php:src/Shop/MemoryStore.php#MemoryStore.get|method|18|21|public function get(string $key): ?Item",
            "php:src/Shop/MemoryStore.php#MemoryStore.items|field|16|20|private array $items = []",
            "php:src/Shop/MemoryStore.php#MemoryStore.put|method|23|21|public function put(Item $item): void",
            "php:src/Shop/MemoryStore.php#MemoryStore.withItems|method|35|28|public static function withItems(Item ...$items): static",
            "php:src/Shop/MemoryStore.php#MemoryStore|class|11|7|class MemoryStore extends BaseStore",
            "php:src/Shop/Store.php#Store.LIMIT|constant|8|18|public const LIMIT = 100",
            "php:src/Shop/Store.php#Store.get|method|10|21|public function get(string $key): ?Item",
            "php:src/Shop/Store.php#Store.put|method|15|21|public function put(Item $item): void",
            "php:src/Shop/Store.php#Store|interface|6|11|interface Store extends \\Countable",
            "php:src/Support/Keys.php#Keys.join|method|15|28|public static function join(string ...$parts): string",
            "php:src/Support/Keys.php#Keys|class|13|13|final class Keys",
            "php:src/Support/Keys.php#SEPARATOR|constant|5|7|const SEPARATOR = ':'",
            "php:src/Support/Keys.php#normalize|function|8|10|function normalize(string $key): string",
            "php:src/Support/Logs.php#Logs.lines|field|8|22|protected array $lines = []",
            "php:src/Support/Logs.php#Logs.log|method|10|21|public function log(string $line): void",
            "php:src/Support/Logs.php#Logs|class|6|7|trait Logs",
            "php:src/app.php#main|function|10|10|function main(?LoggerInterface $logger = null): void",
            "php:src/helpers.php#SHOP_VERSION|constant|3|9|define('SHOP_VERSION', '1.0')",
            "php:src/helpers.php#money|function|8|10|function money(int $cents): string",
            "php:tests/MemoryStoreTest.php#MemoryStoreTest.testPutsAndGets|method|10|21|public function testPutsAndGets(): void",
            "php:tests/MemoryStoreTest.php#MemoryStoreTest|class|8|7|class MemoryStoreTest",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "calls"),
        [
            "php:src/Shop/Catalog.php#Catalog.add|php:src/Shop/Item.php#Item|package",
            "php:src/Shop/Catalog.php#Catalog.add|php:src/Shop/Store.php#Store.put|inferred",
            "php:src/Shop/Catalog.php#Catalog.total|php:src/Shop/Item.php#Item.price~2|inferred",
            "php:src/Shop/Catalog.php#Catalog.total|php:src/Shop/Store.php#Store.get|inferred",
            "php:src/Shop/Catalog.php#Catalog.total|php:src/Support/Keys.php#Keys.join|import",
            "php:src/Shop/MemoryStore.php#MemoryStore.get|php:src/Support/Keys.php#normalize|import",
            "php:src/Shop/MemoryStore.php#MemoryStore.put|php:src/Shop/BaseStore.php#BaseStore.touch|inferred",
            "php:src/Shop/MemoryStore.php#MemoryStore.put|php:src/Support/Keys.php#Keys.join|import",
            "php:src/Shop/MemoryStore.php#MemoryStore.put|php:src/Support/Logs.php#Logs.log|inferred",
            "php:src/Shop/MemoryStore.php#MemoryStore.withItems|php:src/Shop/MemoryStore.php#MemoryStore.put|inferred",
            "php:src/app.php#main|?logger.info|external",
            "php:src/app.php#main|php:src/Shop/Catalog.php#Catalog.add|inferred",
            "php:src/app.php#main|php:src/Shop/Catalog.php#Catalog.total|inferred",
            "php:src/app.php#main|php:src/Shop/Catalog.php#Catalog|import",
            "php:src/app.php#main|php:src/Shop/Item.php#Item.free|import",
            "php:src/app.php#main|php:src/Shop/MemoryStore.php#MemoryStore.withItems|import",
            "php:src/app.php#main|php:src/helpers.php#money|package",
            "php:src/app.php|php:src/app.php#main|local",
            "php:tests/MemoryStoreTest.php#MemoryStoreTest.testPutsAndGets|php:src/Shop/Item.php#Item.price~2|inferred",
            "php:tests/MemoryStoreTest.php#MemoryStoreTest.testPutsAndGets|php:src/Shop/Item.php#Item|import",
            "php:tests/MemoryStoreTest.php#MemoryStoreTest.testPutsAndGets|php:src/Shop/MemoryStore.php#MemoryStore.get|inferred",
            "php:tests/MemoryStoreTest.php#MemoryStoreTest.testPutsAndGets|php:src/Shop/MemoryStore.php#MemoryStore.put|inferred",
            "php:tests/MemoryStoreTest.php#MemoryStoreTest.testPutsAndGets|php:src/Shop/MemoryStore.php#MemoryStore|import",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "imports"),
        [
            "php:src/Shop/Catalog.php|php:src/Support/Keys.php|import",
            "php:src/Shop/MemoryStore.php|php:src/Support/Keys.php|import",
            "php:src/Shop/MemoryStore.php|php:src/Support/Logs.php|import",
            "php:src/Shop/MemoryStore.php|php:src/Support/|import",
            "php:src/app.php|php:ext:Psr\\Log|import",
            "php:src/app.php|php:src/Shop/Catalog.php|import",
            "php:src/app.php|php:src/Shop/Item.php|import",
            "php:src/app.php|php:src/Shop/MemoryStore.php|import",
            "php:tests/MemoryStoreTest.php|php:src/Shop/Item.php|import",
            "php:tests/MemoryStoreTest.php|php:src/Shop/MemoryStore.php|import",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "extends"),
        [
            "php:src/Shop/MemoryStore.php#MemoryStore|php:src/Shop/BaseStore.php#BaseStore|package",
            "php:src/Shop/MemoryStore.php#MemoryStore|php:src/Support/Logs.php#Logs|import",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "implements"),
        ["php:src/Shop/BaseStore.php#BaseStore|php:src/Shop/Store.php#Store|package",]
    );
    assert_eq!(
        sorted_edges(ws.path(), "uses"),
        [
            "php:src/Shop/Catalog.php#Catalog.__construct|php:src/Shop/Store.php#Store|package",
            "php:src/Shop/Catalog.php#Catalog.add|php:src/Shop/Item.php#Item|package",
            "php:src/Shop/Catalog.php#Catalog|php:src/Shop/Store.php#Store|package",
            "php:src/Shop/Item.php#Item.category|php:src/Shop/Item.php#Category|local",
            "php:src/Shop/MemoryStore.php#MemoryStore.get|php:src/Shop/Item.php#Item|package",
            "php:src/Shop/MemoryStore.php#MemoryStore.put|php:src/Shop/Item.php#Item|package",
            "php:src/Shop/MemoryStore.php#MemoryStore.withItems|php:src/Shop/Item.php#Item|package",
            "php:src/Shop/Store.php#Store.get|php:src/Shop/Item.php#Item|package",
            "php:src/Shop/Store.php#Store.put|php:src/Shop/Item.php#Item|package",
            "php:src/app.php#main|?LoggerInterface|external",
        ]
    );
    // Each directory is a package node named by its files' namespace.
    assert_eq!(
        rows(
            &db(ws.path()),
            "SELECT node_id || '|' || name FROM all_symbols WHERE kind = 'package' ORDER BY node_id"
        ),
        [
            "php:src/Shop/|Acme\\Shop",
            "php:src/Support/|Acme\\Support",
            "php:src/|src",
            "php:tests/|Acme\\Shop\\Tests",
        ]
    );
}

/// A gem: a module spread over files, a class opened again in another file, a module mixed
/// in, a superclass, `def self.x` and `class << self`, attr accessors, a `Struct.new` class,
/// `require` against `lib/` and `require_relative`, an executable and a test. Every symbol
/// and every edge.
#[test]
fn ruby_fixture_map() {
    let ws = fixture("rb_app");
    let stats = index(ws.path());
    assert_eq!(stats["files"], 11);
    assert_eq!(stats["parseErrors"], 0);
    let got = fixture_symbols(ws.path());
    let want: Vec<String> = RB_SYMBOLS
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect();
    assert_eq!(got, want, "symbols:\n{}", got.join("\n"));
    for kind in ["calls", "imports", "extends", "implements", "uses"] {
        let got = sorted_edges(ws.path(), kind);
        let want: Vec<String> = RB_EDGES
            .lines()
            .map(str::trim)
            .filter_map(|l| l.strip_prefix(&format!("{kind} ")))
            .map(str::to_string)
            .collect();
        assert_eq!(got, want, "{kind}:\n{}", got.join("\n"));
    }
}

const RB_SYMBOLS: &str = r#"
    rb:lib/shop.rb#Shop.open|function|10|12|def self.open(owner)
    rb:lib/shop.rb#Shop|interface|8|8|module Shop
    rb:lib/shop/base_store.rb#Shop.BaseStore.initialize|method|6|9|def initialize
    rb:lib/shop/base_store.rb#Shop.BaseStore.touch|method|10|9|def touch
    rb:lib/shop/base_store.rb#Shop.BaseStore.writes|field|4|18|attr_reader :writes
    rb:lib/shop/base_store.rb#Shop.BaseStore|class|3|9|class BaseStore
    rb:lib/shop/base_store.rb#Shop|interface|1|8|module Shop
    rb:lib/shop/cart.rb#Shop.Cart.<<|method|50|19|alias_method :<<, :add
    rb:lib/shop/cart.rb#Shop.Cart.<=>|method|42|9|def <=>(other)
    rb:lib/shop/cart.rb#Shop.Cart.MAX_ITEMS|constant|12|5|MAX_ITEMS = 10
    rb:lib/shop/cart.rb#Shop.Cart.add|method|27|9|def add(item)
    rb:lib/shop/cart.rb#Shop.Cart.empty|function|23|14|def self.empty
    rb:lib/shop/cart.rb#Shop.Cart.full?|method|38|9|def full?
    rb:lib/shop/cart.rb#Shop.Cart.initialize|method|16|9|def initialize(owner)
    rb:lib/shop/cart.rb#Shop.Cart.log|method|54|9|def log(msg)
    rb:lib/shop/cart.rb#Shop.Cart.owner|field|14|20|attr_accessor :owner
    rb:lib/shop/cart.rb#Shop.Cart.to_json|method|46|9|def to_json(*args)
    rb:lib/shop/cart.rb#Shop.Cart.total|method|34|9|def total
    rb:lib/shop/cart.rb#Shop.Cart|class|8|9|class Cart < BaseStore
    rb:lib/shop/cart.rb#Shop|interface|6|8|module Shop
    rb:lib/shop/cart/discounts.rb#Shop.Cart.discount|method|4|9|def discount(pct)
    rb:lib/shop/cart/discounts.rb#Shop.Cart|class|3|9|class Cart
    rb:lib/shop/cart/discounts.rb#Shop|interface|1|8|module Shop
    rb:lib/shop/item.rb#Shop.Item.label|method|4|9|def label
    rb:lib/shop/item.rb#Shop.Item|class|3|3|Item = Struct.new(:name, :price) do
    rb:lib/shop/item.rb#Shop|interface|1|8|module Shop
    rb:lib/shop/logging.rb#Shop.Logging.line|function|4|14|def self.line(msg)
    rb:lib/shop/logging.rb#Shop.Logging|interface|2|10|module Logging
    rb:lib/shop/logging.rb#Shop|interface|1|8|module Shop
    rb:lib/shop/priced.rb#Shop.Priced.price_of|method|4|9|def price_of(item)
    rb:lib/shop/priced.rb#Shop.Priced.rate|method|8|9|def rate
    rb:lib/shop/priced.rb#Shop.Priced|interface|3|10|module Priced
    rb:lib/shop/priced.rb#Shop|interface|1|8|module Shop
    rb:lib/shop/version.rb#Shop.VERSION|constant|2|3|VERSION = "1.0.0"
    rb:lib/shop/version.rb#Shop|interface|1|8|module Shop
    rb:test/cart_test.rb#CartTest.test_add|method|5|7|def test_add
    rb:test/cart_test.rb#CartTest|class|4|7|class CartTest < Minitest::Test
"#;

const RB_EDGES: &str = r#"
    calls rb:exe/checkout.rb|?cart.add|unresolved
    calls rb:exe/checkout.rb|?cart.discount|unresolved
    calls rb:exe/checkout.rb|?spare.full?|unresolved
    calls rb:exe/checkout.rb|rb:lib/shop.rb#Shop.open|unique
    calls rb:exe/checkout.rb|rb:lib/shop/cart.rb#Shop.Cart.empty|unique
    calls rb:exe/checkout.rb|rb:lib/shop/item.rb#Shop.Item|unique
    calls rb:lib/shop.rb#Shop.open|rb:lib/shop/cart.rb#Shop.Cart|unique
    calls rb:lib/shop/cart.rb#Shop.Cart.<=>|?other.total|unresolved
    calls rb:lib/shop/cart.rb#Shop.Cart.add|?item.name|unresolved
    calls rb:lib/shop/cart.rb#Shop.Cart.add|rb:lib/shop/base_store.rb#Shop.BaseStore.touch|inferred
    calls rb:lib/shop/cart.rb#Shop.Cart.add|rb:lib/shop/cart.rb#Shop.Cart.log|local
    calls rb:lib/shop/cart.rb#Shop.Cart.empty|rb:lib/shop/cart.rb#Shop.Cart|local
    calls rb:lib/shop/cart.rb#Shop.Cart.full?|??.size|unresolved
    calls rb:lib/shop/cart.rb#Shop.Cart.log|rb:lib/shop/logging.rb#Shop.Logging.line|unique
    calls rb:lib/shop/cart.rb#Shop.Cart.to_json|??.map|unresolved
    calls rb:lib/shop/cart.rb#Shop.Cart.to_json|?JSON.generate|unresolved
    calls rb:lib/shop/cart.rb#Shop.Cart.total|??.sum|unresolved
    calls rb:lib/shop/cart.rb#Shop.Cart.total|rb:lib/shop/priced.rb#Shop.Priced.price_of|inferred
    calls rb:lib/shop/item.rb#Shop.Item|?Struct.new|unresolved
    calls rb:lib/shop/priced.rb#Shop.Priced.price_of|?item.price|unresolved
    calls rb:shop.gemspec|?Gem.Specification.new|unresolved
    calls rb:shop.gemspec|?s.files|unresolved
    calls rb:shop.gemspec|?s.name|unresolved
    calls rb:shop.gemspec|?s.summary|unresolved
    calls rb:shop.gemspec|?s.version|unresolved
    calls rb:test/cart_test.rb#CartTest.test_add|?assert_equal|unresolved
    calls rb:test/cart_test.rb#CartTest.test_add|rb:lib/shop/cart.rb#Shop.Cart.add|inferred
    calls rb:test/cart_test.rb#CartTest.test_add|rb:lib/shop/cart.rb#Shop.Cart.total|inferred
    calls rb:test/cart_test.rb#CartTest.test_add|rb:lib/shop/cart.rb#Shop.Cart|unique
    calls rb:test/cart_test.rb#CartTest.test_add|rb:lib/shop/item.rb#Shop.Item|unique
    imports rb:exe/checkout.rb|rb:lib/shop.rb|import
    imports rb:exe/checkout.rb|rb:lib/shop/cart/discounts.rb|import
    imports rb:lib/shop.rb|rb:lib/shop/cart.rb|import
    imports rb:lib/shop.rb|rb:lib/shop/item.rb|import
    imports rb:lib/shop.rb|rb:lib/shop/version.rb|import
    imports rb:lib/shop/cart.rb|rb:ext:json|import
    imports rb:lib/shop/cart.rb|rb:lib/shop/base_store.rb|import
    imports rb:lib/shop/cart.rb|rb:lib/shop/logging.rb|import
    imports rb:lib/shop/cart.rb|rb:lib/shop/priced.rb|import
    imports rb:shop.gemspec|rb:lib/shop/version.rb|import
    imports rb:test/cart_test.rb|rb:ext:minitest|import
    imports rb:test/cart_test.rb|rb:lib/shop/cart.rb|import
    extends rb:lib/shop/cart.rb#Shop.Cart|rb:lib/shop/base_store.rb#Shop.BaseStore|unique
    extends rb:lib/shop/cart.rb#Shop.Cart|rb:lib/shop/priced.rb#Shop.Priced|unique
    extends rb:test/cart_test.rb#CartTest|?Minitest.Test|unresolved
"#;

/// A Gradle-layout Kotlin project: an interface, an abstract base with a constructor property,
/// a class extending one and implementing the other (a secondary constructor, overloads, an
/// inherited function called bare, a data class, a companion object called through its class),
/// a sealed class with a nested class and an object, an enum, a type alias, extension
/// functions of one name on two receivers and an extension property, a top-level function
/// and constant, an aliased import, a star import, and a test in the same package under
/// another source root. Every symbol and every edge.
#[test]
fn kotlin_fixture_map() {
    let ws = fixture("kotlin_app");
    let stats = index(ws.path());
    assert_eq!(stats["files"], 9);
    assert_eq!(stats["parseErrors"], 0);
    assert_eq!(
        fixture_symbols(ws.path()),
        [
            "kt:src/main/kotlin/com/acme/app/Main.kt#main|function|10|5|fun main()",
            "kt:src/main/kotlin/com/acme/app/Main.kt#report|function|21|5|fun report(catalog: Catalog)",
            "kt:src/main/kotlin/com/acme/shop/BaseStore.kt#BaseStore.name|field|4|30|val name: String",
            "kt:src/main/kotlin/com/acme/shop/BaseStore.kt#BaseStore.touch|method|7|19|protected fun touch()",
            "kt:src/main/kotlin/com/acme/shop/BaseStore.kt#BaseStore.writes|field|5|19|protected var writes: Int",
            "kt:src/main/kotlin/com/acme/shop/BaseStore.kt#BaseStore|class|4|16|abstract class BaseStore(val name: String)",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Catalog.first|method|36|9|fun first(): Item",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Catalog.items|field|33|27|private val items: List<Item>",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Catalog.total|method|34|9|fun total(): Int",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Catalog|class|33|7|class Catalog(private val items: List<Item>)",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Category.BOOKS|constant|13|5|BOOKS(\"b\")",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Category.GAMES|constant|14|5|GAMES(\"g\")",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Category.code|field|12|25|val code: String",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Category.label|method|16|9|fun label(): String",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Category|type|12|12|enum class Category(val code: String)",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Item.Book|class|5|11|class Book(name: String, price: Int) : Item(name, price)",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Item.Gift|class|7|12|object Gift : Item(\"gift\", 0)",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Item.isFree|method|9|9|fun isFree(): Boolean",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Item.label|variable|30|10|val Item.label: String",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Item.name|field|4|23|val name: String",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Item.price|field|4|41|val price: Int",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Item.weight|function|28|10|fun Item.weight(): Int",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Item|class|4|14|sealed class Item(val name: String, val price: Int)",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#List.total|function|22|16|fun List<Item>.total(): Int",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Prices|type|19|11|typealias Prices = Map<String, Int>",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#String.weight|function|25|12|fun String.weight(): Int",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.Companion.DEFAULT_CAPACITY|constant|31|19|const val DEFAULT_CAPACITY",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.Companion.create|method|33|13|fun create(): MemoryStore",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.Companion|class|30|5|companion object",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.Entry.count|field|28|26|val count: Int",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.Entry|class|28|16|data class Entry(val count: Int)",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.MemoryStore|method|9|5|constructor() : this(16)",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.capacity|field|6|31|private val capacity: Int",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.find|method|20|17|private fun find(key: String): Entry?",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.get|method|18|18|override fun get(key: String): Int?",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.items|field|7|17|private val items",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.put|method|11|18|override fun put(key: String, value: Int)",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.put~2|method|16|9|fun put(key: String)",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.size|method|25|9|fun size(): Int",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore|class|6|7|class MemoryStore(private val capacity: Int) : BaseStore(\"memory\"), Store",
            "kt:src/main/kotlin/com/acme/shop/Store.kt#Store.get|method|7|9|fun get(key: String): Int?",
            "kt:src/main/kotlin/com/acme/shop/Store.kt#Store.put|method|5|9|fun put(key: String, value: Int)",
            "kt:src/main/kotlin/com/acme/shop/Store.kt#Store|interface|4|11|interface Store",
            "kt:src/main/kotlin/com/acme/shop/util/Keys.kt#Keys.isValid|method|9|9|fun isValid(key: String): Boolean",
            "kt:src/main/kotlin/com/acme/shop/util/Keys.kt#Keys|class|8|8|object Keys",
            "kt:src/main/kotlin/com/acme/shop/util/Keys.kt#PREFIX|constant|3|11|const val PREFIX",
            "kt:src/main/kotlin/com/acme/shop/util/Keys.kt#normalize|function|6|5|fun normalize(key: String): String",
            "kt:src/test/kotlin/com/acme/shop/MemoryStoreTest.kt#MemoryStoreTest.putsAndGets|method|4|9|fun putsAndGets()",
            "kt:src/test/kotlin/com/acme/shop/MemoryStoreTest.kt#MemoryStoreTest|class|3|7|class MemoryStoreTest",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "calls"),
        [
            "kt:build.gradle.kts|?kotlin|unresolved",
            "kt:build.gradle.kts|?plugins|unresolved",
            "kt:src/main/kotlin/com/acme/app/Main.kt#main|?max|external",
            "kt:src/main/kotlin/com/acme/app/Main.kt#main|kt:src/main/kotlin/com/acme/app/Main.kt#report|local",
            "kt:src/main/kotlin/com/acme/app/Main.kt#main|kt:src/main/kotlin/com/acme/shop/Catalog.kt#Catalog|import",
            "kt:src/main/kotlin/com/acme/app/Main.kt#main|kt:src/main/kotlin/com/acme/shop/Catalog.kt#Item.Book|import",
            "kt:src/main/kotlin/com/acme/app/Main.kt#main|kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.Companion.create|import",
            "kt:src/main/kotlin/com/acme/app/Main.kt#main|kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.put~2|inferred",
            "kt:src/main/kotlin/com/acme/app/Main.kt#main|kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.size|inferred",
            "kt:src/main/kotlin/com/acme/app/Main.kt#main|kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore|import",
            "kt:src/main/kotlin/com/acme/app/Main.kt#main|kt:src/main/kotlin/com/acme/shop/Store.kt#Store.put|inferred",
            "kt:src/main/kotlin/com/acme/app/Main.kt#main|kt:src/main/kotlin/com/acme/shop/util/Keys.kt#Keys.isValid|import",
            "kt:src/main/kotlin/com/acme/app/Main.kt#main|kt:src/main/kotlin/com/acme/shop/util/Keys.kt#normalize|import",
            "kt:src/main/kotlin/com/acme/app/Main.kt#report|kt:src/main/kotlin/com/acme/shop/Catalog.kt#Catalog.total|inferred",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Catalog.first|?items.first|external",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Catalog.total|?items.total|external",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Category.label|?code.uppercase|external",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Item.label|?name.uppercase|external",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.Companion.create|kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore|local",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.find|kt:src/main/kotlin/com/acme/shop/util/Keys.kt#normalize|import",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.get|kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.find|local",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.put|kt:src/main/kotlin/com/acme/shop/BaseStore.kt#BaseStore.touch|inferred",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.put|kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.Entry|local",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.put|kt:src/main/kotlin/com/acme/shop/util/Keys.kt#normalize|import",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.put~2|kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.put|local",
            "kt:src/main/kotlin/com/acme/shop/util/Keys.kt#Keys.isValid|?key.isNotEmpty|external",
            "kt:src/main/kotlin/com/acme/shop/util/Keys.kt#normalize|?key.trim().lowercase|external",
            "kt:src/main/kotlin/com/acme/shop/util/Keys.kt#normalize|?key.trim|external",
            "kt:src/test/kotlin/com/acme/shop/MemoryStoreTest.kt#MemoryStoreTest.putsAndGets|kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.get|inferred",
            "kt:src/test/kotlin/com/acme/shop/MemoryStoreTest.kt#MemoryStoreTest.putsAndGets|kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.put|inferred",
            "kt:src/test/kotlin/com/acme/shop/MemoryStoreTest.kt#MemoryStoreTest.putsAndGets|kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore|package",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "imports"),
        [
            "kt:src/main/kotlin/com/acme/app/Main.kt|kt:ext:kotlin.math|import",
            "kt:src/main/kotlin/com/acme/app/Main.kt|kt:src/main/kotlin/com/acme/shop/Catalog.kt|import",
            "kt:src/main/kotlin/com/acme/app/Main.kt|kt:src/main/kotlin/com/acme/shop/MemoryStore.kt|import",
            "kt:src/main/kotlin/com/acme/app/Main.kt|kt:src/main/kotlin/com/acme/shop/Store.kt|import",
            "kt:src/main/kotlin/com/acme/app/Main.kt|kt:src/main/kotlin/com/acme/shop/util/|import",
            "kt:src/main/kotlin/com/acme/app/Main.kt|kt:src/main/kotlin/com/acme/shop/|import",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt|kt:src/main/kotlin/com/acme/shop/util/|import",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "extends"),
        [
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Item.Book|kt:src/main/kotlin/com/acme/shop/Catalog.kt#Item|local",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Item.Gift|kt:src/main/kotlin/com/acme/shop/Catalog.kt#Item|local",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore|kt:src/main/kotlin/com/acme/shop/BaseStore.kt#BaseStore|package",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "implements"),
        [
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore|kt:src/main/kotlin/com/acme/shop/Store.kt#Store|package",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "uses"),
        [
            "kt:src/main/kotlin/com/acme/app/Main.kt#main|kt:src/main/kotlin/com/acme/shop/Store.kt#Store|import",
            "kt:src/main/kotlin/com/acme/app/Main.kt#report|kt:src/main/kotlin/com/acme/shop/Catalog.kt#Catalog|import",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Catalog.first|kt:src/main/kotlin/com/acme/shop/Catalog.kt#Item|local",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#Catalog.items|kt:src/main/kotlin/com/acme/shop/Catalog.kt#Item|local",
            "kt:src/main/kotlin/com/acme/shop/Catalog.kt#List.total|kt:src/main/kotlin/com/acme/shop/Catalog.kt#Item|local",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.Companion.create|kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore|local",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.find|kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.Entry|local",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.find|kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.Entry|local",
            "kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.items|kt:src/main/kotlin/com/acme/shop/MemoryStore.kt#MemoryStore.Entry|local",
        ]
    );
}

/// A Cargo workspace of two crates: a library (a struct with an impl and a trait impl, a trait,
/// an enum, consts, a type alias, a macro, a file module and an inline test module) and a binary
/// using it by its crate name. Every symbol; the calls, imports and uses.
#[test]
fn rust_fixture_map() {
    let ws = fixture("rs_app");
    let stats = index(ws.path());
    assert_eq!(stats["files"], 4);
    assert_eq!(stats["parseErrors"], 0);
    assert_eq!(
        fixture_symbols(ws.path()),
        [
            "rs:crates/app/src/main.rs#fill|function|4|4|fn fill(store: &mut Map)",
            "rs:crates/app/src/main.rs#main|function|10|4|fn main()",
            "rs:crates/app/src/main.rs#shelve|function|17|4|fn shelve() -> usize",
            "rs:crates/store/src/lib.rs#MAX_ITEMS|constant|9|11|pub const MAX_ITEMS: usize = 100",
            "rs:crates/store/src/lib.rs#Map.CAPACITY|constant|35|15|pub const CAPACITY: usize = MAX_ITEMS",
            "rs:crates/store/src/lib.rs#Map.get|method|56|8|fn get(&self, key: &str) -> Option<u32>",
            "rs:crates/store/src/lib.rs#Map.items|field|31|5|items: HashMap<String, u32>",
            "rs:crates/store/src/lib.rs#Map.len|method|42|12|pub fn len(&self) -> usize",
            "rs:crates/store/src/lib.rs#Map.open|method|38|12|pub fn open() -> Map",
            "rs:crates/store/src/lib.rs#Map.put|method|48|8|fn put(&mut self, key: &str, value: u32) -> Result<()>",
            "rs:crates/store/src/lib.rs#Map|struct|30|12|pub struct Map",
            "rs:crates/store/src/lib.rs#Result|type|13|10|pub type Result<T> = std::result::Result<T, StoreError>",
            "rs:crates/store/src/lib.rs#STORE_NAME|constant|11|12|pub static STORE_NAME: &str = \"shop\"",
            "rs:crates/store/src/lib.rs#Storage.get|method|25|8|fn get(&self, key: &str) -> Option<u32>",
            "rs:crates/store/src/lib.rs#Storage.put|method|24|8|fn put(&mut self, key: &str, value: u32) -> Result<()>",
            "rs:crates/store/src/lib.rs#Storage|interface|23|11|pub trait Storage",
            "rs:crates/store/src/lib.rs#StoreError.Full|constant|18|5|Full",
            "rs:crates/store/src/lib.rs#StoreError.Missing|constant|19|5|Missing(String)",
            "rs:crates/store/src/lib.rs#StoreError|type|17|10|pub enum StoreError",
            "rs:crates/store/src/lib.rs#log_line|function|62|14|macro_rules! log_line",
            "rs:crates/store/src/lib.rs#shelf|package|78|9|pub mod shelf;",
            "rs:crates/store/src/lib.rs#tests.puts_and_gets|function|71|8|fn puts_and_gets()",
            "rs:crates/store/src/lib.rs#tests|package|67|5|mod tests",
            "rs:crates/store/src/lib.rs#util|package|3|9|pub mod util;",
            "rs:crates/store/src/shelf.rs#Labelled.label|method|8|8|fn label(&self) -> String",
            "rs:crates/store/src/shelf.rs#Labelled.shout|method|11|8|fn shout(&self) -> String",
            "rs:crates/store/src/shelf.rs#Labelled|interface|7|11|pub trait Labelled",
            "rs:crates/store/src/shelf.rs#Shelf.count|field|20|5|count: usize",
            "rs:crates/store/src/shelf.rs#Shelf.count~2|method|34|12|pub fn count(&self) -> usize",
            "rs:crates/store/src/shelf.rs#Shelf.fmt|method|53|8|fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result",
            "rs:crates/store/src/shelf.rs#Shelf.label|method|47|8|fn label(&self) -> String",
            "rs:crates/store/src/shelf.rs#Shelf.name|field|19|9|pub name: String",
            "rs:crates/store/src/shelf.rs#Shelf.new|method|25|12|pub fn new(name: &str) -> Self",
            "rs:crates/store/src/shelf.rs#Shelf.stock|method|38|12|pub fn stock(&mut self, key: &str) -> crate::Result<usize>",
            "rs:crates/store/src/shelf.rs#Shelf.store|field|21|5|store: Option<Map>",
            "rs:crates/store/src/shelf.rs#Shelf|struct|18|12|pub struct Shelf",
            "rs:crates/store/src/shelf.rs#fill_all|function|59|8|pub fn fill_all<S: Storage>(store: &mut S, keys: &[&str]) -> usize",
            "rs:crates/store/src/shelf.rs#opened|function|69|8|pub fn opened(name: &str) -> Option<Shelf>",
            "rs:crates/store/src/shelf.rs#restock|function|73|8|pub fn restock(name: &str) -> crate::Result<String>",
            "rs:crates/store/src/util.rs#normalize|function|2|8|pub fn normalize(key: &str) -> String",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "calls"),
        [
            "rs:crates/app/src/main.rs#fill|rs:crates/store/src/lib.rs#Map.put|inferred",
            "rs:crates/app/src/main.rs#main|rs:crates/app/src/main.rs#fill|local",
            "rs:crates/app/src/main.rs#main|rs:crates/store/src/lib.rs#Map.len|inferred",
            "rs:crates/app/src/main.rs#main|rs:crates/store/src/lib.rs#Map.open|import",
            "rs:crates/app/src/main.rs#main|rs:crates/store/src/util.rs#normalize|import",
            "rs:crates/app/src/main.rs#shelve|rs:crates/store/src/shelf.rs#Shelf.count~2|inferred",
            "rs:crates/app/src/main.rs#shelve|rs:crates/store/src/shelf.rs#Shelf.new|import",
            "rs:crates/app/src/main.rs#shelve|rs:crates/store/src/shelf.rs#Shelf.stock|inferred",
            "rs:crates/store/src/lib.rs#Map.get|?self.items.get().copied|external",
            "rs:crates/store/src/lib.rs#Map.get|?self.items.get|external",
            "rs:crates/store/src/lib.rs#Map.get|rs:crates/store/src/util.rs#normalize|import",
            "rs:crates/store/src/lib.rs#Map.len|?self.items.len|external",
            "rs:crates/store/src/lib.rs#Map.open|?Map.default|external",
            "rs:crates/store/src/lib.rs#Map.put|?self.items.insert|external",
            "rs:crates/store/src/lib.rs#Map.put|rs:crates/store/src/lib.rs#Map.len|local",
            "rs:crates/store/src/lib.rs#Map.put|rs:crates/store/src/util.rs#normalize|import",
            "rs:crates/store/src/lib.rs#tests.puts_and_gets|?m.put().is_ok|external",
            "rs:crates/store/src/lib.rs#tests.puts_and_gets|rs:crates/store/src/lib.rs#Map.get|inferred",
            "rs:crates/store/src/lib.rs#tests.puts_and_gets|rs:crates/store/src/lib.rs#Map.open|local",
            "rs:crates/store/src/lib.rs#tests.puts_and_gets|rs:crates/store/src/lib.rs#Map.put|inferred",
            "rs:crates/store/src/shelf.rs#Labelled.shout|?self.label().to_uppercase|external",
            "rs:crates/store/src/shelf.rs#Labelled.shout|rs:crates/store/src/shelf.rs#Labelled.label|local",
            "rs:crates/store/src/shelf.rs#Shelf.label|?self.name.clone|external",
            "rs:crates/store/src/shelf.rs#Shelf.new|?name.to_string|external",
            "rs:crates/store/src/shelf.rs#Shelf.new|rs:crates/store/src/lib.rs#Map.open|import",
            "rs:crates/store/src/shelf.rs#Shelf.stock|?self.store.as_mut().unwrap|external",
            "rs:crates/store/src/shelf.rs#Shelf.stock|?self.store.as_mut|external",
            "rs:crates/store/src/shelf.rs#Shelf.stock|rs:crates/store/src/lib.rs#Map.put|inferred",
            "rs:crates/store/src/shelf.rs#Shelf.stock|rs:crates/store/src/shelf.rs#Shelf.count~2|local",
            "rs:crates/store/src/shelf.rs#fill_all|?store.put().is_ok|external",
            "rs:crates/store/src/shelf.rs#fill_all|rs:crates/store/src/lib.rs#Storage.put|inferred",
            "rs:crates/store/src/shelf.rs#opened|rs:crates/store/src/shelf.rs#Shelf.new|local",
            "rs:crates/store/src/shelf.rs#restock|?shelf.unwrap|external",
            "rs:crates/store/src/shelf.rs#restock|rs:crates/store/src/shelf.rs#Labelled.shout|inferred",
            "rs:crates/store/src/shelf.rs#restock|rs:crates/store/src/shelf.rs#Shelf.stock|inferred",
            "rs:crates/store/src/shelf.rs#restock|rs:crates/store/src/shelf.rs#opened|local",
            "rs:crates/store/src/util.rs#normalize|?key.trim().to_lowercase|external",
            "rs:crates/store/src/util.rs#normalize|?key.trim|external",
        ]
    );
    // `impl Storage for Map`: the type implements the trait, each method the trait's; a
    // prelude trait (`#[derive(Debug, Default)]`) and `fmt::Display` make outside ones (a
    // type's impl blocks are its implementations).
    assert_eq!(
        sorted_edges(ws.path(), "implements"),
        [
            "rs:crates/store/src/lib.rs#Map.get|rs:crates/store/src/lib.rs#Storage.get|local",
            "rs:crates/store/src/lib.rs#Map.put|rs:crates/store/src/lib.rs#Storage.put|local",
            "rs:crates/store/src/lib.rs#Map|?Debug|external",
            "rs:crates/store/src/lib.rs#Map|?Default|external",
            "rs:crates/store/src/lib.rs#Map|rs:crates/store/src/lib.rs#Storage|local",
            "rs:crates/store/src/lib.rs#StoreError|?Debug|external",
            "rs:crates/store/src/shelf.rs#Shelf.fmt|?fmt.Display.fmt|external",
            "rs:crates/store/src/shelf.rs#Shelf.label|rs:crates/store/src/shelf.rs#Labelled.label|local",
            "rs:crates/store/src/shelf.rs#Shelf|?Debug|external",
            "rs:crates/store/src/shelf.rs#Shelf|?Default|external",
            "rs:crates/store/src/shelf.rs#Shelf|?fmt.Display|external",
            "rs:crates/store/src/shelf.rs#Shelf|rs:crates/store/src/shelf.rs#Labelled|local",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "imports"),
        [
            "rs:crates/app/src/main.rs|rs:crates/store/src/lib.rs|import",
            "rs:crates/app/src/main.rs|rs:crates/store/src/lib.rs|import",
            "rs:crates/app/src/main.rs|rs:crates/store/src/util.rs|import",
            "rs:crates/store/src/lib.rs|rs:crates/store/src/lib.rs|import",
            "rs:crates/store/src/lib.rs|rs:crates/store/src/shelf.rs|import",
            "rs:crates/store/src/lib.rs|rs:crates/store/src/shelf.rs|import",
            "rs:crates/store/src/lib.rs|rs:crates/store/src/shelf.rs|import",
            "rs:crates/store/src/lib.rs|rs:crates/store/src/util.rs|import",
            "rs:crates/store/src/lib.rs|rs:crates/store/src/util.rs|import",
            "rs:crates/store/src/lib.rs|rs:ext:std|import",
            "rs:crates/store/src/shelf.rs|rs:crates/store/src/lib.rs|import",
            "rs:crates/store/src/shelf.rs|rs:crates/store/src/lib.rs|import",
            "rs:crates/store/src/shelf.rs|rs:ext:std|import",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "uses"),
        [
            "rs:crates/app/src/main.rs#fill|rs:crates/store/src/lib.rs#Map|import",
            "rs:crates/store/src/lib.rs#Map.items|?HashMap|external",
            "rs:crates/store/src/lib.rs#Map.put|rs:crates/store/src/lib.rs#Result|local",
            // A type's arguments (`Result<T, StoreError>`, `Option<Map>`, `Option<Shelf>`);
            // `Self` and the generic parameter `S` are no symbols: no edge.
            "rs:crates/store/src/lib.rs#Result|rs:crates/store/src/lib.rs#StoreError|local",
            "rs:crates/store/src/shelf.rs#Shelf.fmt|?fmt.Formatter|external",
            "rs:crates/store/src/shelf.rs#Shelf.fmt|?fmt.Result|external",
            "rs:crates/store/src/shelf.rs#Shelf.stock|rs:crates/store/src/lib.rs#Result|import",
            "rs:crates/store/src/shelf.rs#Shelf.store|rs:crates/store/src/lib.rs#Map|import",
            "rs:crates/store/src/shelf.rs#opened|rs:crates/store/src/shelf.rs#Shelf|local",
            "rs:crates/store/src/shelf.rs#restock|rs:crates/store/src/lib.rs#Result|import",
        ]
    );
}

/// A JavaScript package: CommonJS (`require`, destructured `require`, `exports.x =`,
/// `module.exports.x =`, `module.exports = { … }`), an ES module importing it, a class with a
/// getter, callbacks whose locals stay out.
/// A C# solution: an interface, an abstract base, a partial class in two files extending
/// one and implementing the other (overloaded constructors and methods, a nested struct, an
/// inherited method called bare, a `const`, an event, a property), a file-scoped namespace,
/// an enum, a record with a static method, a delegate, a local function, the three `using`
/// forms (a namespace, `using static`, an alias) and a test project's class. Every symbol
/// and every edge.
#[test]
fn csharp_fixture_map() {
    let ws = fixture("cs_app");
    let stats = index(ws.path());
    assert_eq!(stats["files"], 8);
    assert_eq!(stats["parseErrors"], 0);
    assert_eq!(fixture_symbols(ws.path()), CS_SYMBOLS);
    assert_eq!(sorted_edges(ws.path(), "calls"), CS_CALLS);
    assert_eq!(sorted_edges(ws.path(), "imports"), CS_IMPORTS);
    assert_eq!(sorted_edges(ws.path(), "extends"), CS_EXTENDS);
    assert_eq!(sorted_edges(ws.path(), "implements"), CS_IMPLEMENTS);
    assert_eq!(sorted_edges(ws.path(), "uses"), CS_USES);
}

const CS_SYMBOLS: &[&str] = &[
    "cs:src/Shop.App/Program.cs#Shop.App.Program.Main|method|11|28|public static void Main(string[] args)",
    "cs:src/Shop.App/Program.cs#Shop.App.Program.Report|method|22|21|static void Report(Catalog catalog)",
    "cs:src/Shop.App/Program.cs#Shop.App.Program|class|9|25|public static class Program",
    "cs:src/Shop.App/Program.cs#Shop.App|package|7|16|namespace Shop.App",
    "cs:src/Shop.Core/BaseStore.cs#Shop.Core.BaseStore.Changed|field|10|35|public event EventHandler Changed",
    "cs:src/Shop.Core/BaseStore.cs#Shop.Core.BaseStore.Touch|method|12|24|protected void Touch()",
    "cs:src/Shop.Core/BaseStore.cs#Shop.Core.BaseStore.writes|field|8|23|protected int writes",
    "cs:src/Shop.Core/BaseStore.cs#Shop.Core.BaseStore|class|6|27|public abstract class BaseStore",
    "cs:src/Shop.Core/BaseStore.cs#Shop.Core|package|3|16|namespace Shop.Core",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core.Catalog.Catalog|method|24|16|public Catalog(List<Item> items)",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core.Catalog.Total.Sum|function|31|17|int Sum(IEnumerable<Item> xs)",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core.Catalog.Total|method|29|20|public int Total()",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core.Catalog.items|field|22|37|private readonly List<Item> items",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core.Catalog|class|20|25|public sealed class Catalog",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core.Category.Books|constant|8|9|Books",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core.Category.Games|constant|9|9|Games = 2",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core.Category|type|6|17|public enum Category",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core.Item.Category|field|13|57|Category Category",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core.Item.Free|method|15|28|public static Item Free(string name)",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core.Item.Name|field|13|31|string Name",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core.Item.Price|field|13|41|int Price",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core.Item|class|13|19|public record Item(string Name, int Price, Category Category)",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core.PriceChanged|type|18|26|public delegate void PriceChanged(Item item, int old)",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core|package|4|16|namespace Shop.Core",
    "cs:src/Shop.Core/IStore.cs#Shop.Core.IStore.Count|field|8|13|int Count",
    "cs:src/Shop.Core/IStore.cs#Shop.Core.IStore.Get|method|7|14|int? Get(string key)",
    "cs:src/Shop.Core/IStore.cs#Shop.Core.IStore.Put|method|6|14|void Put(string key, int value)",
    "cs:src/Shop.Core/IStore.cs#Shop.Core.IStore|interface|4|22|public interface IStore",
    "cs:src/Shop.Core/IStore.cs#Shop.Core|package|1|16|namespace Shop.Core",
    "cs:src/Shop.Core/MemoryStore.Report.cs#Shop.Core.Keys2.Describe|method|10|30|public static string Describe(int n)",
    "cs:src/Shop.Core/MemoryStore.Report.cs#Shop.Core.Keys2|class|8|27|internal static class Keys2",
    "cs:src/Shop.Core/MemoryStore.Report.cs#Shop.Core.MemoryStore.Report|method|5|23|public string Report()",
    "cs:src/Shop.Core/MemoryStore.Report.cs#Shop.Core.MemoryStore|class|3|26|public partial class MemoryStore",
    "cs:src/Shop.Core/MemoryStore.Report.cs#Shop.Core|package|1|16|namespace Shop.Core",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Count|field|22|20|public int Count",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.DefaultCapacity|constant|11|26|public const int DefaultCapacity = 16",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Entry.Entry|method|48|20|public Entry(int value)",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Entry.Value|field|46|24|public int Value",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Entry|struct|44|25|internal struct Entry",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Find|method|38|23|private Entry Find(string key)",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Get|method|32|21|public int? Get(string key)",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.MemoryStore|method|15|16|public MemoryStore() : this(DefaultCapacity)",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.MemoryStore~2|method|17|16|public MemoryStore(int capacity)",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Put|method|24|21|public void Put(string key, int value)",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Put~2|method|30|21|public void Put(string key)",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.capacity|field|13|30|private readonly int capacity",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.items|field|12|52|private readonly Dictionary<string, Entry> items",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore|class|9|26|public partial class MemoryStore : BaseStore, IStore",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core|package|4|16|namespace Shop.Core",
    "cs:src/Shop.Core/Util/Keys.cs#Shop.Core.Util.Keys.Normalize|method|8|26|public static string Normalize(string key)",
    "cs:src/Shop.Core/Util/Keys.cs#Shop.Core.Util.Keys.Prefix|field|6|35|public static readonly string Prefix",
    "cs:src/Shop.Core/Util/Keys.cs#Shop.Core.Util.Keys|class|4|21|public static class Keys",
    "cs:src/Shop.Core/Util/Keys.cs#Shop.Core.Util|package|1|21|namespace Shop.Core.Util",
    "cs:tests/MemoryStoreTests.cs#Shop.Tests.MemoryStoreTests.PutsAndGets|method|7|14|void PutsAndGets()",
    "cs:tests/MemoryStoreTests.cs#Shop.Tests.MemoryStoreTests|class|5|11|class MemoryStoreTests",
    "cs:tests/MemoryStoreTests.cs#Shop.Tests|package|3|16|namespace Shop.Tests",
];
const CS_CALLS: &[&str] = &[
    "cs:src/Shop.App/Program.cs#Shop.App.Program.Main|cs:src/Shop.App/Program.cs#Shop.App.Program.Report|local",
    "cs:src/Shop.App/Program.cs#Shop.App.Program.Main|cs:src/Shop.Core/Catalog.cs#Shop.Core.Catalog|import",
    "cs:src/Shop.App/Program.cs#Shop.App.Program.Main|cs:src/Shop.Core/Catalog.cs#Shop.Core.Item.Free|import",
    "cs:src/Shop.App/Program.cs#Shop.App.Program.Main|cs:src/Shop.Core/IStore.cs#Shop.Core.IStore.Put|inferred",
    "cs:src/Shop.App/Program.cs#Shop.App.Program.Main|cs:src/Shop.Core/MemoryStore.Report.cs#Shop.Core.MemoryStore.Report|inferred",
    "cs:src/Shop.App/Program.cs#Shop.App.Program.Main|cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Put~2|inferred",
    "cs:src/Shop.App/Program.cs#Shop.App.Program.Main|cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore|import",
    "cs:src/Shop.App/Program.cs#Shop.App.Program.Main|cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore|import",
    "cs:src/Shop.App/Program.cs#Shop.App.Program.Main|cs:src/Shop.Core/Util/Keys.cs#Shop.Core.Util.Keys.Normalize|import",
    "cs:src/Shop.App/Program.cs#Shop.App.Program.Report|cs:src/Shop.Core/Catalog.cs#Shop.Core.Catalog.Total|inferred",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core.Catalog.Total.Sum|?xs.Sum|unresolved",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core.Catalog.Total|cs:src/Shop.Core/Catalog.cs#Shop.Core.Catalog.Total.Sum|local",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core.Item.Free|cs:src/Shop.Core/Catalog.cs#Shop.Core.Item|local",
    "cs:src/Shop.Core/MemoryStore.Report.cs#Shop.Core.Keys2.Describe|?n.ToString|unresolved",
    "cs:src/Shop.Core/MemoryStore.Report.cs#Shop.Core.MemoryStore.Report|cs:src/Shop.Core/MemoryStore.Report.cs#Shop.Core.Keys2.Describe|local",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Find|?items.TryGetValue|external",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Find|cs:src/Shop.Core/Util/Keys.cs#Shop.Core.Util.Keys.Normalize|import",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Get|cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Find|local",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Put|cs:src/Shop.Core/BaseStore.cs#Shop.Core.BaseStore.Touch|inferred",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Put|cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Entry|local",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Put|cs:src/Shop.Core/Util/Keys.cs#Shop.Core.Util.Keys.Normalize|import",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Put~2|cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Put|local",
    "cs:src/Shop.Core/Util/Keys.cs#Shop.Core.Util.Keys.Normalize|?key.Trim().ToLowerInvariant|unresolved",
    "cs:src/Shop.Core/Util/Keys.cs#Shop.Core.Util.Keys.Normalize|?key.Trim|unresolved",
    "cs:tests/MemoryStoreTests.cs#Shop.Tests.MemoryStoreTests.PutsAndGets|cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Get|inferred",
    "cs:tests/MemoryStoreTests.cs#Shop.Tests.MemoryStoreTests.PutsAndGets|cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Put|inferred",
    "cs:tests/MemoryStoreTests.cs#Shop.Tests.MemoryStoreTests.PutsAndGets|cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore|import",
];
const CS_IMPORTS: &[&str] = &[
    "cs:src/Shop.App/Program.cs|cs:ext:System.Collections.Generic|import",
    "cs:src/Shop.App/Program.cs|cs:ext:System|import",
    "cs:src/Shop.App/Program.cs|cs:src/Shop.Core/Util/|import",
    "cs:src/Shop.App/Program.cs|cs:src/Shop.Core/|import",
    "cs:src/Shop.App/Program.cs|cs:src/Shop.Core/|import",
    "cs:src/Shop.Core/BaseStore.cs|cs:ext:System|import",
    "cs:src/Shop.Core/Catalog.cs|cs:ext:System.Collections.Generic|import",
    "cs:src/Shop.Core/Catalog.cs|cs:ext:System.Linq|import",
    "cs:src/Shop.Core/MemoryStore.cs|cs:ext:System.Collections.Generic|import",
    "cs:src/Shop.Core/MemoryStore.cs|cs:src/Shop.Core/Util/|import",
    "cs:tests/MemoryStoreTests.cs|cs:src/Shop.Core/|import",
];
const CS_EXTENDS: &[&str] = &[
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore|cs:src/Shop.Core/BaseStore.cs#Shop.Core.BaseStore|package",
];
const CS_IMPLEMENTS: &[&str] = &[
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore|cs:src/Shop.Core/IStore.cs#Shop.Core.IStore|package",
];
const CS_USES: &[&str] = &[
    "cs:src/Shop.App/Program.cs#Shop.App.Program.Main|cs:src/Shop.Core/Catalog.cs#Shop.Core.Item|import",
    "cs:src/Shop.App/Program.cs#Shop.App.Program.Main|cs:src/Shop.Core/IStore.cs#Shop.Core.IStore|import",
    "cs:src/Shop.App/Program.cs#Shop.App.Program.Report|cs:src/Shop.Core/Catalog.cs#Shop.Core.Catalog|import",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core.Catalog.Catalog|cs:src/Shop.Core/Catalog.cs#Shop.Core.Item|local",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core.Catalog.Total.Sum|?IEnumerable|external",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core.Catalog.Total.Sum|cs:src/Shop.Core/Catalog.cs#Shop.Core.Item|local",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core.Catalog|cs:src/Shop.Core/Catalog.cs#Shop.Core.Item|local",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core.Item.Category|cs:src/Shop.Core/Catalog.cs#Shop.Core.Category|package",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core.Item.Free|cs:src/Shop.Core/Catalog.cs#Shop.Core.Item|local",
    "cs:src/Shop.Core/Catalog.cs#Shop.Core.PriceChanged|cs:src/Shop.Core/Catalog.cs#Shop.Core.Item|local",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Find|cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Entry|local",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.items|cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Entry|local",
    "cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore|cs:src/Shop.Core/MemoryStore.cs#Shop.Core.MemoryStore.Entry|local",
];

#[test]
fn javascript_fixture_map() {
    let ws = fixture("js_app");
    let stats = index(ws.path());
    assert_eq!(stats["files"], 4);
    assert_eq!(stats["parseErrors"], 0);
    assert_eq!(
        fixture_symbols(ws.path()),
        [
            "js:lib/app.mjs#handlers.onAdd|method|14|3|onAdd(slug) {",
            "js:lib/app.mjs#handlers|constant|13|14|const handlers = {",
            "js:lib/app.mjs#run|function|5|25|function run(args)",
            "js:lib/store.js#MAX_ITEMS|constant|4|7|const MAX_ITEMS = 100",
            "js:lib/store.js#Store.add|method|13|3|add(name)",
            "js:lib/store.js#Store.constructor|method|8|3|constructor()",
            "js:lib/store.js#Store.size|field|21|7|get size()",
            "js:lib/store.js#Store|class|7|7|class Store extends EventEmitter",
            "js:lib/store.js#validate|function|26|10|function validate(slug)",
            "js:lib/util.js#VERSION|variable|6|9|exports.VERSION = '0.3.0'",
            "js:lib/util.js#joinAll|function|8|16|module.exports.joinAll = (items)",
            "js:lib/util.js#slugify|function|2|9|exports.slugify = function (text)",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "calls"),
        [
            "js:lib/app.mjs#run|?path.basename|external",
            "js:lib/app.mjs#run|js:lib/store.js#Store.add|inferred",
            "js:lib/app.mjs#run|js:lib/store.js#Store|import",
            "js:lib/app.mjs|??.forEach|unresolved",
            "js:lib/store.js#Store.add|?this.emit|external",
            "js:lib/store.js#Store.add|?this.items.set|external",
            "js:lib/store.js#Store.add|js:lib/store.js#validate|local",
            "js:lib/store.js#Store.add|js:lib/util.js#slugify|import",
            "js:lib/util.js#joinAll|?items.map().join|unresolved",
            "js:lib/util.js#joinAll|?items.map|unresolved",
            "js:lib/util.js#slugify|?text.toLowerCase().split().join|unresolved",
            "js:lib/util.js#slugify|?text.toLowerCase().split|unresolved",
            "js:lib/util.js#slugify|?text.toLowerCase|unresolved",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "extends"),
        ["js:lib/store.js#Store|?EventEmitter|external",]
    );
    assert_eq!(
        sorted_edges(ws.path(), "imports"),
        [
            "js:lib/app.mjs|js:ext:path|import",
            "js:lib/app.mjs|js:lib/store.js|import",
            "js:lib/index.js|js:lib/store.js|import",
            "js:lib/index.js|js:lib/util.js|import",
            "js:lib/store.js|js:ext:events|import",
            "js:lib/store.js|js:lib/util.js|import",
        ]
    );
}

#[test]
fn go_fixture_map() {
    let ws = fixture("go_app");
    index(ws.path());
    assert_eq!(
        edges(ws.path(), "implements"),
        [
            "go:disk/disk.go#DiskStore|go:store/store.go#Store|import",
            "go:store/memory.go#MemoryStore|go:store/store.go#Store|package",
        ]
    );
    assert_eq!(
        edges(ws.path(), "imports"),
        [
            "go:cmd/shop/main.go|go:disk/|import",
            "go:cmd/shop/main.go|go:ext:fmt|import",
            "go:cmd/shop/main.go|go:store/|import",
            "go:disk/disk.go|go:ext:os|import",
            "go:disk/disk.go|go:ext:path/filepath|import",
            "go:disk/disk.go|go:store/|import",
            "go:store/store.go|go:ext:errors|import",
        ]
    );
    let calls = edges(ws.path(), "calls");
    for want in [
        "go:cmd/shop/main.go#main|go:store/memory.go#NewMemoryStore|import",
        "go:cmd/shop/main.go#main|go:cmd/shop/main.go#fill|local",
        "go:disk/disk.go#DiskStore.Get|go:disk/disk.go#DiskStore.path|local",
        "go:cmd/shop/main.go#main|?fmt.Println|external",
    ] {
        assert!(
            calls.contains(&want.to_string()),
            "missing call edge {want}\nall: {calls:#?}"
        );
    }
    // `s.Put` on a `store.Store`: the interface's method (implements leads on to the types).
    assert!(
        calls
            .contains(&"go:cmd/shop/main.go#fill|go:store/store.go#Store.Put|inferred".to_string()),
        "{calls:#?}"
    );
    // `get := d.Get; get("a")`: a call of a local, no edge.
    assert!(!calls.iter().any(|c| c.contains("?get")), "{calls:#?}");
    // Type references: parameters and composite literals.
    let uses = edges(ws.path(), "uses");
    for want in [
        "go:cmd/shop/main.go#fill|go:store/store.go#Store|import",
        "go:cmd/shop/main.go#main|go:disk/disk.go#DiskStore|import",
    ] {
        assert!(
            uses.contains(&want.to_string()),
            "missing {want}\nall: {uses:#?}"
        );
    }
    let contains = edges(ws.path(), "contains");
    for want in [
        "go:store/|go:store/memory.go|local",
        "go:store/memory.go#MemoryStore|go:store/memory.go#MemoryStore.Get|local",
        "go:store/store.go#Store|go:store/store.go#Store.Get|local",
        "go:store/store.go#Item|go:store/store.go#Item.Price|local",
    ] {
        assert!(
            contains.contains(&want.to_string()),
            "missing {want}\nall: {contains:#?}"
        );
    }
    // The map tools over the same map.
    let (v, code) = json(
        ws.path(),
        &[
            "neighbors",
            "go:store/store.go#Store",
            "--direction",
            "in",
            "--edge-kind",
            "implements",
        ],
    );
    assert_eq!(code, 0, "{v}");
    let srcs: Vec<&str> = v["data"]["edges"]
        .as_array()
        .expect("edges")
        .iter()
        .filter_map(|e| e["from"].as_str())
        .collect();
    assert_eq!(
        srcs,
        [
            "go:disk/disk.go#DiskStore",
            "go:store/memory.go#MemoryStore"
        ]
    );
    let (v, code) = json(
        ws.path(),
        &["path", "go:cmd/shop/main.go", "go:store/store.go#Store"],
    );
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["data"]["found"], true, "{v}");
    let hops: Vec<&str> = v["data"]["edges"]
        .as_array()
        .expect("edges")
        .iter()
        .filter_map(|e| e["kind"].as_str())
        .collect();
    // `fill(s store.Store)` names the type: one `uses` edge from the function.
    assert_eq!(
        hops,
        ["contains", "uses"],
        "file -imports-> package -contains-> file -contains-> type"
    );
    let (v, _) = json(
        ws.path(),
        &[
            "path",
            "go:store/store.go#Store",
            "go:cmd/shop/main.go#main",
            "--edge-kind",
            "calls",
        ],
    );
    assert_eq!(v["data"]["found"], false, "{v}");
}

#[test]
fn search_ranks_and_filters() {
    let ws = fixture("py_app");
    index(ws.path());
    let ids = |v: &Value| -> Vec<String> {
        v["data"]["hits"]
            .as_array()
            .expect("hits")
            .iter()
            .map(|h| h["nodeId"].as_str().unwrap_or("").to_string())
            .collect()
    };
    let (v, _) = json(ws.path(), &["search", "total"]);
    assert_eq!(
        ids(&v)[..2],
        [
            "py:src/shop/models.py#Order.total",
            "py:src/shop/models.py#RushOrder.total"
        ]
    );
    let (v, _) = json(ws.path(), &["search", "RushOrder.total"]);
    assert_eq!(ids(&v)[0], "py:src/shop/models.py#RushOrder.total");
    assert_eq!(v["data"]["hits"][0]["match"], "exact");
    let (v, _) = json(ws.path(), &["search", "order"]);
    let first: Vec<String> = ids(&v);
    assert_eq!(
        first[0], "py:src/shop/models.py#Order",
        "exact (ignoring case) first: {first:?}"
    );
    assert!(
        first.contains(&"py:src/shop/models.py#make_order".to_string()),
        "word part: {first:?}"
    );
    let (v, _) = json(ws.path(), &["search", "order", "--kind", "function"]);
    assert_eq!(ids(&v), ["py:src/shop/models.py#make_order"]);
    let (v, _) = json(ws.path(), &["search", "log", "--path", "src/shop/util.py"]);
    assert_eq!(ids(&v)[0], "py:src/shop/util.py#log");
    let (v, _) = json(ws.path(), &["search", "mkord"]);
    assert_eq!(
        ids(&v),
        ["py:src/shop/models.py#make_order"],
        "fuzzy subsequence"
    );
    let hit = &v["data"]["hits"][0];
    // Compact: the name's position once, default values left out.
    assert_eq!(hit["at"], "40:5", "{hit}");
    assert!(hit.get("stale").is_none(), "{hit}");
}

#[test]
fn token_budget_truncates_honestly() {
    let ws = fixture("py_app");
    index(ws.path());
    let (v, _) = json(
        ws.path(),
        &["search", "e", "--limit", "200", "--token-budget", "100"],
    );
    assert_eq!(v["ok"], true);
    assert_eq!(v["truncated"], true, "{v}");
    assert!(v["dropped"]["count"].as_u64().unwrap_or(0) > 0, "{v}");
    assert!(
        v["dropped"]["note"]
            .as_str()
            .unwrap_or("")
            .contains("kinds"),
        "{v}"
    );
    assert_eq!(v["tokenBudget"]["max"], 100);
    assert!(
        v["tokenBudget"]["used"].as_u64().unwrap_or(999) <= 100,
        "{v}"
    );
    let (v, _) = json(
        ws.path(),
        &["search", "e", "--limit", "200", "--token-budget", "10"],
    );
    assert_eq!(v["tokenBudget"]["max"], 100, "clamped to 100");
}

#[test]
fn errors_are_clear_and_exit_1() {
    let ws = fixture("py_app");
    // No map yet.
    let (v, code) = json(ws.path(), &["search", "x"]);
    assert_eq!(
        (code, v["error"]["code"].as_str()),
        (1, Some("MAP_NOT_BUILT")),
        "{v}"
    );
    assert!(v["error"]["hint"]
        .as_str()
        .unwrap_or("")
        .contains("codemap index"));
    index(ws.path());
    let (v, code) = json(ws.path(), &["neighbors", "py:src/shop/models.py#Nope"]);
    assert_eq!(
        (code, v["error"]["code"].as_str()),
        (1, Some("NODE_NOT_FOUND")),
        "{v}"
    );
    for bad in [
        "session.py",
        "zz:x.zz",
        "py:../x.py",
        "py:a.py#1x",
        "py:a.py#f~1",
        "py:/abs.py",
    ] {
        let (v, code) = json(ws.path(), &["neighbors", bad]);
        assert_eq!(
            (code, v["error"]["code"].as_str()),
            (1, Some("BAD_NODE_ID")),
            "{bad}: {v}"
        );
        assert!(
            v["error"]["hint"]
                .as_str()
                .unwrap_or("")
                .contains("qualname := segment"),
            "grammar in hint: {v}"
        );
    }
    let (v, code) = json(ws.path(), &["search", "x", "--kind", "klass"]);
    assert_eq!(
        (code, v["error"]["code"].as_str()),
        (1, Some("BAD_ARGS")),
        "{v}"
    );
    let (v, code) = json(ws.path(), &["neighbors", "py:main.py", "--depth", "9"]);
    assert_eq!(
        (code, v["error"]["code"].as_str()),
        (1, Some("BAD_ARGS")),
        "{v}"
    );
    let (v, code) = json(ws.path(), &["index", "--scope", "../etc"]);
    assert_eq!(
        (code, v["error"]["code"].as_str()),
        (1, Some("OUTSIDE_WORKSPACE")),
        "{v}"
    );
    // Usage errors are exit 2; human errors go to stderr.
    let out = run(ws.path(), &["search"]);
    assert_eq!(out.status.code(), Some(2));
    let out = run(ws.path(), &["neighbors", "garbage"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("BAD_NODE_ID"));
    let out = run(std::path::Path::new("/nonexistent/dir"), &["status"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn status_and_human_output() {
    let ws = fixture("go_app");
    let out = run(ws.path(), &["index"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("indexed 4 files"), "{text}");
    let (v, code) = json(ws.path(), &["status"]);
    assert_eq!(code, 0);
    let d = &v["data"];
    assert_eq!(d["languages"]["go"]["files"], 4);
    assert_eq!(d["schemaVersion"], indexer::store::SCHEMA_VERSION);
    assert_eq!(d["staleCount"], 0);
    assert!(d["edges"]["implements"].as_u64() == Some(2), "{d}");
    // The map keeps itself out of git.
    assert_eq!(
        std::fs::read_to_string(ws.path().join(".codemap/.gitignore"))
            .ok()
            .as_deref(),
        Some("*\n")
    );
    // An edit makes the file stale at query time, without a watcher.
    write(
        ws.path(),
        "store/memory.go",
        std::fs::read_to_string(ws.path().join("store/memory.go")).unwrap_or_default()
            + "\n// edited\n",
    );
    let (v, _) = json(ws.path(), &["search", "NewMemoryStore"]);
    assert_eq!(v["data"]["hits"][0]["stale"], true, "{v}");
    assert!(
        v["warnings"][0]
            .as_str()
            .unwrap_or("")
            .contains("store/memory.go"),
        "{v}"
    );
    let out = run(ws.path(), &["search", "NewMemoryStore"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("[stale]"));
}

/// A C project: headers in `include/` reached from `src/` (`#include "inv/stock.h"`) and
/// through another header, system headers outside, a struct with its typedef, an anonymous
/// struct named by its typedef, an enum whose constants are top-level, a function-pointer
/// typedef, macros (object- and function-like), a global and its `extern`, a static function
/// with its forward declaration, and a function no header declares. Every symbol and every
/// edge: a header's prototype and its definition are both symbols, linked by `implements`;
/// calls go to the definition.
#[test]
fn c_fixture_map() {
    let ws = fixture("c_app");
    let stats = index(ws.path());
    assert_eq!(stats["files"], 5);
    assert_eq!(stats["parseErrors"], 0);
    assert_eq!(
        fixture_symbols(ws.path()),
        [
            "c:include/inv/report.h#INV_REPORT_H|constant|2|9|#define INV_REPORT_H",
            "c:include/inv/report.h#report_print|function|7|6|void report_print(const store_t *s)",
            "c:include/inv/stock.h#INV_STOCK_H|constant|3|9|#define INV_STOCK_H",
            "c:include/inv/stock.h#KIND_PART|constant|16|5|KIND_PART = 4",
            "c:include/inv/stock.h#KIND_TOOL|constant|15|5|KIND_TOOL",
            "c:include/inv/stock.h#MAX_ITEMS|constant|8|9|#define MAX_ITEMS 64",
            "c:include/inv/stock.h#MAX|function|11|9|#define MAX(a, b)",
            "c:include/inv/stock.h#item.count|field|23|9|int count",
            "c:include/inv/stock.h#item.kind|field|22|20|enum item_kind kind",
            "c:include/inv/stock.h#item.name|field|21|10|char name[32]",
            "c:include/inv/stock.h#item_kind|type|14|6|enum item_kind",
            "c:include/inv/stock.h#item_t|type|24|3|typedef struct item {…} item_t",
            "c:include/inv/stock.h#item|struct|20|16|struct item",
            "c:include/inv/stock.h#stock_add|function|40|5|int stock_add(store_t *s, const char *name, int units)",
            "c:include/inv/stock.h#stock_find|function|43|9|item_t *stock_find(store_t *s, const char *name)",
            "c:include/inv/stock.h#stock_hook|type|27|16|typedef void (*stock_hook)(const item_t *it)",
            "c:include/inv/stock.h#store_t.items|field|31|12|item_t items[MAX_ITEMS]",
            "c:include/inv/stock.h#store_t.len|field|32|12|size_t len",
            "c:include/inv/stock.h#store_t.on_change|field|33|16|stock_hook on_change",
            "c:include/inv/stock.h#store_t|struct|34|3|typedef struct store_t",
            "c:src/main.c#log_change|function|7|13|static void log_change(const item_t *it)",
            "c:src/main.c#logger|variable|5|19|static stock_hook logger = 0",
            "c:src/main.c#main|function|17|5|int main(void)",
            "c:src/main.c#report_print|function|11|6|void report_print(const store_t *s)",
            "c:src/stock.c#clamp|function|38|12|static int clamp(int n)",
            "c:src/stock.c#stock_added|variable|4|5|int stock_added = 0",
            "c:src/stock.c#stock_add|function|18|5|int stock_add(store_t *s, const char *name, int units)",
            "c:src/stock.c#stock_find|function|9|9|item_t *stock_find(store_t *s, const char *name)",
            "c:src/util.c#dozen|function|4|5|int dozen(int n)",
        ]
    );
    // `printf` and the C library stay unresolved with their names; the call through the
    // struct's function pointer (`s->on_change(it)`) makes no edge.
    assert_eq!(
        sorted_edges(ws.path(), "calls"),
        [
            "c:src/main.c#log_change|?printf|unresolved",
            "c:src/main.c#main|c:src/main.c#report_print|local",
            "c:src/main.c#main|c:src/stock.c#stock_add|import",
            "c:src/main.c#main|c:src/stock.c#stock_add|import",
            "c:src/main.c#main|c:src/util.c#dozen|unique",
            "c:src/main.c#report_print|c:src/main.c#log_change|local",
            "c:src/stock.c#clamp|c:include/inv/stock.h#MAX|import",
            "c:src/stock.c#clamp|c:include/inv/stock.h#MAX|import",
            "c:src/stock.c#stock_add|?strncpy|unresolved",
            "c:src/stock.c#stock_add|c:src/stock.c#clamp|local",
            "c:src/stock.c#stock_add|c:src/stock.c#stock_find|local",
            "c:src/stock.c#stock_find|?strcmp|unresolved",
        ]
    );
    // Each definition implements its header's declaration; `clamp`'s static forward
    // declaration is no symbol.
    assert_eq!(
        sorted_edges(ws.path(), "implements"),
        [
            "c:src/main.c#report_print|c:include/inv/report.h#report_print|import",
            "c:src/stock.c#stock_add|c:include/inv/stock.h#stock_add|import",
            "c:src/stock.c#stock_find|c:include/inv/stock.h#stock_find|import",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "imports"),
        [
            "c:include/inv/report.h|c:include/inv/stock.h|import",
            "c:include/inv/stock.h|c:ext:stddef.h|import",
            "c:src/main.c|c:ext:stdio.h|import",
            "c:src/main.c|c:include/inv/report.h|import",
            "c:src/stock.c|c:ext:string.h|import",
            "c:src/stock.c|c:include/inv/stock.h|import",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "uses"),
        [
            "c:include/inv/report.h#report_print|c:include/inv/stock.h#store_t|import",
            "c:include/inv/stock.h#item.kind|c:include/inv/stock.h#item_kind|local",
            "c:include/inv/stock.h#stock_add|c:include/inv/stock.h#store_t|local",
            "c:include/inv/stock.h#stock_find|c:include/inv/stock.h#item_t|local",
            "c:include/inv/stock.h#stock_find|c:include/inv/stock.h#store_t|local",
            "c:include/inv/stock.h#store_t.items|c:include/inv/stock.h#item_t|local",
            "c:include/inv/stock.h#store_t.on_change|c:include/inv/stock.h#stock_hook|local",
            "c:include/inv/stock.h|c:include/inv/stock.h#item_t|local",
            "c:src/main.c#log_change|c:include/inv/stock.h#item_t|import",
            "c:src/main.c#logger|c:include/inv/stock.h#stock_hook|import",
            "c:src/main.c#main|c:include/inv/stock.h#item|import",
            "c:src/main.c#main|c:include/inv/stock.h#store_t|import",
            "c:src/main.c#report_print|c:include/inv/stock.h#store_t|import",
            "c:src/stock.c#stock_add|c:include/inv/stock.h#item_t|import",
            "c:src/stock.c#stock_add|c:include/inv/stock.h#store_t|import",
            "c:src/stock.c#stock_find|c:include/inv/stock.h#item_t|import",
            "c:src/stock.c#stock_find|c:include/inv/stock.h#store_t|import",
        ]
    );
}

/// A C++ project: namespaces (nested `shop::catalog`, anonymous), a class hierarchy, a
/// template, an enum class, overloaded constructors and methods, operators, methods defined
/// out of line in their own `.cpp`, a C header and its C source called from C++. A `.h` with
/// C++ in it is C++; one with C and `extern "C"` stays C. Every symbol and edge.
#[test]
fn cpp_fixture_map() {
    let ws = fixture("cpp_app");
    let stats = index(ws.path());
    assert_eq!(stats["files"], 8);
    assert_eq!(stats["parseErrors"], 0);
    assert_eq!(
        rows(
            &db(ws.path()),
            "SELECT path || '|' || lang FROM files WHERE path LIKE '%.h' ORDER BY path"
        ),
        ["include/legacy.h|c", "include/shop/item.h|cpp"]
    );
    assert_eq!(
        fixture_symbols(ws.path()),
        [
            "c:include/legacy.h#LEGACY_H|constant|2|9|#define LEGACY_H",
            "c:include/legacy.h#legacy_tax_rate|function|9|5|int legacy_tax_rate(int region)",
            "c:src/legacy.c#legacy_tax_rate|function|3|5|int legacy_tax_rate(int region)",
            "cpp:include/shop/cart.hpp#shop.Cart.Cart|method|22|3|Cart()",
            "cpp:include/shop/cart.hpp#shop.Cart.add|method|25|8|void add(const catalog::Item* item)",
            "cpp:include/shop/cart.hpp#shop.Cart.add~2|method|26|8|void add(const catalog::Item* item, int quantity)",
            "cpp:include/shop/cart.hpp#shop.Cart.count|field|30|7|int count = 0",
            "cpp:include/shop/cart.hpp#shop.Cart.lines|field|29|31|Stack<const catalog::Item*> lines",
            "cpp:include/shop/cart.hpp#shop.Cart.total|method|27|9|Money total() const",
            "cpp:include/shop/cart.hpp#shop.Cart.~Cart|method|23|3|~Cart()",
            "cpp:include/shop/cart.hpp#shop.Cart|struct|21|8|struct Cart",
            "cpp:include/shop/cart.hpp#shop.Stack.empty|method|14|8|bool empty() const",
            "cpp:include/shop/cart.hpp#shop.Stack.items_|field|17|18|std::vector<T> items_",
            "cpp:include/shop/cart.hpp#shop.Stack.push|method|13|8|void push(const T& value)",
            "cpp:include/shop/cart.hpp#shop.Stack|class|11|7|class Stack",
            "cpp:include/shop/cart.hpp#shop.sum|function|33|7|Money sum(const Cart& cart)",
            "cpp:include/shop/cart.hpp#shop|package|8|11|namespace shop",
            "cpp:include/shop/item.h#shop.catalog.Book.Book|method|20|3|Book(const char* title, Money cover)",
            "cpp:include/shop/item.h#shop.catalog.Book.cover_|field|26|9|Money cover_",
            "cpp:include/shop/item.h#shop.catalog.Book.name|method|22|15|const char* name() const override",
            "cpp:include/shop/item.h#shop.catalog.Book.price|method|21|9|Money price() const override",
            "cpp:include/shop/item.h#shop.catalog.Book.title_|field|25|15|const char* title_",
            "cpp:include/shop/item.h#shop.catalog.Book|class|18|7|class Book : public Item",
            "cpp:include/shop/item.h#shop.catalog.FLAG_FRAGILE|constant|7|24|FLAG_FRAGILE",
            "cpp:include/shop/item.h#shop.catalog.FLAG_NONE|constant|7|13|FLAG_NONE",
            "cpp:include/shop/item.h#shop.catalog.Flag|type|7|6|enum Flag",
            "cpp:include/shop/item.h#shop.catalog.Item.name|method|14|23|virtual const char* name() const = 0",
            "cpp:include/shop/item.h#shop.catalog.Item.price|method|13|17|virtual Money price() const = 0",
            "cpp:include/shop/item.h#shop.catalog.Item.~Item|method|12|11|virtual ~Item()",
            "cpp:include/shop/item.h#shop.catalog.Item|class|10|7|class Item",
            "cpp:include/shop/item.h#shop.catalog|package|5|17|namespace shop::catalog",
            "cpp:include/shop/money.hpp#shop.Cents|type|27|7|using Cents = std::int64_t",
            "cpp:include/shop/money.hpp#shop.Currency.eur|constant|25|23|eur",
            "cpp:include/shop/money.hpp#shop.Currency.usd|constant|25|28|usd = 840",
            "cpp:include/shop/money.hpp#shop.Currency|type|25|12|enum class Currency",
            "cpp:include/shop/money.hpp#shop.Money.Money|method|11|3|Money()",
            "cpp:include/shop/money.hpp#shop.Money.Money~2|method|12|12|explicit Money(std::int64_t cents)",
            "cpp:include/shop/money.hpp#shop.Money.Money~3|method|13|3|Money(std::int64_t units, int cents)",
            "cpp:include/shop/money.hpp#shop.Money.cents_|field|22|16|std::int64_t cents_",
            "cpp:include/shop/money.hpp#shop.Money.cents|method|15|16|std::int64_t cents() const",
            "cpp:include/shop/money.hpp#shop.Money.format|method|16|15|std::string format() const",
            "cpp:include/shop/money.hpp#shop.Money.operator+|method|19|9|Money operator+(const Money& other) const",
            "cpp:include/shop/money.hpp#shop.Money.operator==|method|18|8|bool operator==(const Money& other) const",
            "cpp:include/shop/money.hpp#shop.Money|class|9|7|class Money",
            "cpp:include/shop/money.hpp#shop|package|6|11|namespace shop",
            "cpp:src/cart.cpp#clamp|function|5|5|int clamp(int n)",
            "cpp:src/cart.cpp#shop.Cart.Cart|method|11|7|Cart::Cart()",
            "cpp:src/cart.cpp#shop.Cart.add|method|15|12|void Cart::add(const catalog::Item* item)",
            "cpp:src/cart.cpp#shop.Cart.add~2|method|17|12|void Cart::add(const catalog::Item* item, int quantity)",
            "cpp:src/cart.cpp#shop.Cart.total|method|24|13|Money Cart::total() const",
            "cpp:src/cart.cpp#shop.Cart.~Cart|method|13|7|Cart::~Cart()",
            "cpp:src/cart.cpp#shop.catalog.Book.Book|method|36|7|Book::Book(const char* title, Money cover)",
            "cpp:src/cart.cpp#shop.catalog.Book.name|method|40|19|const char* Book::name() const",
            "cpp:src/cart.cpp#shop.catalog.Book.price|method|38|13|Money Book::price() const",
            "cpp:src/cart.cpp#shop.catalog|package|34|17|namespace shop::catalog",
            "cpp:src/cart.cpp#shop.sum|function|26|7|Money sum(const Cart& cart)",
            "cpp:src/cart.cpp#shop|package|9|11|namespace shop",
            "cpp:src/main.cpp#main|function|9|5|int main()",
            "cpp:src/main.cpp#print|function|7|13|static void print(const Money& m)",
            "cpp:src/money.cpp#shop.Money.Money|method|7|8|Money::Money()",
            "cpp:src/money.cpp#shop.Money.Money~2|method|9|8|Money::Money(std::int64_t cents)",
            "cpp:src/money.cpp#shop.Money.Money~3|method|11|8|Money::Money(std::int64_t units, int cents)",
            "cpp:src/money.cpp#shop.Money.format|method|13|20|std::string Money::format() const",
            "cpp:src/money.cpp#shop.Money.operator+|method|21|14|Money Money::operator+(const Money& other) const",
            "cpp:src/money.cpp#shop.Money.operator==|method|19|13|bool Money::operator==(const Money& other) const",
            "cpp:src/money.cpp#shop|package|5|11|namespace shop",
        ]
    );
    // Calls through stated types (`cart.add`, `again->add` of an `auto` from `new`, a
    // parameter's `m.format()`, a member field's `lines.push`), overloads by argument count,
    // `using shop::Money`, a call into C (`legacy_tax_rate`, to its C definition); a call
    // found at a declaration goes to its one out-of-line definition; `new T(…)` and `T(…)` call
    // the constructor their argument count picks (`Money(rate)` → `Money~2`, its definition);
    // the standard library is outside or unresolved.
    assert_eq!(
        sorted_edges(ws.path(), "calls"),
        [
            "cpp:include/shop/cart.hpp#shop.Stack.empty|?items_.empty|unresolved",
            "cpp:include/shop/cart.hpp#shop.Stack.push|?items_.push_back|unresolved",
            "cpp:src/cart.cpp#shop.Cart.add|cpp:src/cart.cpp#shop.Cart.add~2|local",
            "cpp:src/cart.cpp#shop.Cart.add~2|cpp:include/shop/cart.hpp#shop.Stack.push|inferred",
            "cpp:src/cart.cpp#shop.Cart.add~2|cpp:src/cart.cpp#clamp|local",
            "cpp:src/cart.cpp#shop.Cart.total|cpp:src/cart.cpp#shop.sum|local",
            "cpp:src/cart.cpp#shop.sum|c:src/legacy.c#legacy_tax_rate|import",
            "cpp:src/cart.cpp#shop.sum|cpp:src/money.cpp#shop.Money.Money~2|import",
            "cpp:src/main.cpp#main|cpp:include/shop/item.h#shop.catalog.Book|import",
            "cpp:src/main.cpp#main|cpp:src/cart.cpp#shop.Cart.Cart|import",
            "cpp:src/main.cpp#main|cpp:src/cart.cpp#shop.Cart.add|inferred",
            "cpp:src/main.cpp#main|cpp:src/cart.cpp#shop.Cart.add~2|inferred",
            "cpp:src/main.cpp#main|cpp:src/cart.cpp#shop.Cart.total|inferred",
            "cpp:src/main.cpp#main|cpp:src/cart.cpp#shop.catalog.Book.price|inferred",
            "cpp:src/main.cpp#main|cpp:src/cart.cpp#shop.sum|import",
            "cpp:src/main.cpp#main|cpp:src/main.cpp#print|local",
            "cpp:src/main.cpp#main|cpp:src/main.cpp#print|local",
            "cpp:src/main.cpp#main|cpp:src/money.cpp#shop.Money.Money~3|import",
            "cpp:src/main.cpp#print|cpp:src/money.cpp#shop.Money.format|inferred",
            "cpp:src/money.cpp#shop.Money.format|?out.str|external",
            "cpp:src/money.cpp#shop.Money.operator+|cpp:include/shop/money.hpp#shop.Money.cents|inferred",
            "cpp:src/money.cpp#shop.Money.operator+|cpp:src/money.cpp#shop.Money.Money~2|import",
        ]
    );
    // Each out-of-line definition implements its declaration in the class, overloads by
    // parameter count; a C definition its C prototype.
    assert_eq!(
        sorted_edges(ws.path(), "implements"),
        [
            "c:src/legacy.c#legacy_tax_rate|c:include/legacy.h#legacy_tax_rate|import",
            "cpp:src/cart.cpp#shop.Cart.Cart|cpp:include/shop/cart.hpp#shop.Cart.Cart|import",
            "cpp:src/cart.cpp#shop.Cart.add|cpp:include/shop/cart.hpp#shop.Cart.add|import",
            "cpp:src/cart.cpp#shop.Cart.add~2|cpp:include/shop/cart.hpp#shop.Cart.add~2|import",
            "cpp:src/cart.cpp#shop.Cart.total|cpp:include/shop/cart.hpp#shop.Cart.total|import",
            "cpp:src/cart.cpp#shop.Cart.~Cart|cpp:include/shop/cart.hpp#shop.Cart.~Cart|import",
            "cpp:src/cart.cpp#shop.catalog.Book.Book|cpp:include/shop/item.h#shop.catalog.Book.Book|import",
            "cpp:src/cart.cpp#shop.catalog.Book.name|cpp:include/shop/item.h#shop.catalog.Book.name|import",
            "cpp:src/cart.cpp#shop.catalog.Book.price|cpp:include/shop/item.h#shop.catalog.Book.price|import",
            "cpp:src/cart.cpp#shop.sum|cpp:include/shop/cart.hpp#shop.sum|import",
            "cpp:src/money.cpp#shop.Money.Money|cpp:include/shop/money.hpp#shop.Money.Money|import",
            "cpp:src/money.cpp#shop.Money.Money~2|cpp:include/shop/money.hpp#shop.Money.Money~2|import",
            "cpp:src/money.cpp#shop.Money.Money~3|cpp:include/shop/money.hpp#shop.Money.Money~3|import",
            "cpp:src/money.cpp#shop.Money.format|cpp:include/shop/money.hpp#shop.Money.format|import",
            "cpp:src/money.cpp#shop.Money.operator+|cpp:include/shop/money.hpp#shop.Money.operator+|import",
            "cpp:src/money.cpp#shop.Money.operator==|cpp:include/shop/money.hpp#shop.Money.operator==|import",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "imports"),
        [
            "c:src/legacy.c|c:include/legacy.h|import",
            "cpp:include/shop/cart.hpp|c:include/legacy.h|import",
            "cpp:include/shop/cart.hpp|cpp:ext:vector|import",
            "cpp:include/shop/cart.hpp|cpp:include/shop/item.h|import",
            "cpp:include/shop/item.h|cpp:include/shop/money.hpp|import",
            "cpp:include/shop/money.hpp|cpp:ext:cstdint|import",
            "cpp:include/shop/money.hpp|cpp:ext:string|import",
            "cpp:src/cart.cpp|cpp:include/shop/cart.hpp|import",
            "cpp:src/main.cpp|cpp:ext:iostream|import",
            "cpp:src/main.cpp|cpp:include/shop/cart.hpp|import",
            "cpp:src/money.cpp|cpp:ext:sstream|import",
            "cpp:src/money.cpp|cpp:include/shop/money.hpp|import",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "extends"),
        [
            "cpp:include/shop/item.h#shop.catalog.Book|cpp:include/shop/item.h#shop.catalog.Item|local",
        ]
    );
    assert_eq!(
        sorted_edges(ws.path(), "uses"),
        [
            "cpp:include/shop/cart.hpp#shop.Cart.add|cpp:include/shop/item.h#shop.catalog.Item|import",
            "cpp:include/shop/cart.hpp#shop.Cart.add~2|cpp:include/shop/item.h#shop.catalog.Item|import",
            "cpp:include/shop/cart.hpp#shop.Cart.lines|cpp:include/shop/cart.hpp#shop.Stack|local",
            "cpp:include/shop/cart.hpp#shop.Cart.lines|cpp:include/shop/item.h#shop.catalog.Item|import",
            "cpp:include/shop/cart.hpp#shop.Cart.total|cpp:include/shop/money.hpp#shop.Money|import",
            "cpp:include/shop/cart.hpp#shop.Stack.items_|?T|unresolved",
            "cpp:include/shop/cart.hpp#shop.Stack.items_|?std.vector|external",
            "cpp:include/shop/cart.hpp#shop.Stack.push|?T|unresolved",
            "cpp:include/shop/cart.hpp#shop.sum|cpp:include/shop/cart.hpp#shop.Cart|local",
            "cpp:include/shop/cart.hpp#shop.sum|cpp:include/shop/money.hpp#shop.Money|import",
            "cpp:include/shop/item.h#shop.catalog.Book.Book|cpp:include/shop/money.hpp#shop.Money|import",
            "cpp:include/shop/item.h#shop.catalog.Book.cover_|cpp:include/shop/money.hpp#shop.Money|import",
            "cpp:include/shop/item.h#shop.catalog.Book.price|cpp:include/shop/money.hpp#shop.Money|import",
            "cpp:include/shop/item.h#shop.catalog.Item.price|cpp:include/shop/money.hpp#shop.Money|import",
            "cpp:include/shop/money.hpp#shop.Cents|?std.int64_t|external",
            "cpp:include/shop/money.hpp#shop.Money.Money~2|?std.int64_t|external",
            "cpp:include/shop/money.hpp#shop.Money.Money~3|?std.int64_t|external",
            "cpp:include/shop/money.hpp#shop.Money.cents_|?std.int64_t|external",
            "cpp:include/shop/money.hpp#shop.Money.cents|?std.int64_t|external",
            "cpp:include/shop/money.hpp#shop.Money.format|?std.string|external",
            "cpp:include/shop/money.hpp#shop.Money.operator+|cpp:include/shop/money.hpp#shop.Money|local",
            "cpp:include/shop/money.hpp#shop.Money.operator+|cpp:include/shop/money.hpp#shop.Money|local",
            "cpp:include/shop/money.hpp#shop.Money.operator==|cpp:include/shop/money.hpp#shop.Money|local",
            "cpp:src/cart.cpp#shop.Cart.add|cpp:include/shop/item.h#shop.catalog.Item|import",
            "cpp:src/cart.cpp#shop.Cart.add~2|cpp:include/shop/item.h#shop.catalog.Item|import",
            "cpp:src/cart.cpp#shop.Cart.total|cpp:include/shop/money.hpp#shop.Money|import",
            "cpp:src/cart.cpp#shop.catalog.Book.Book|cpp:include/shop/money.hpp#shop.Money|import",
            "cpp:src/cart.cpp#shop.catalog.Book.price|cpp:include/shop/money.hpp#shop.Money|import",
            "cpp:src/cart.cpp#shop.sum|cpp:include/shop/cart.hpp#shop.Cart|import",
            "cpp:src/cart.cpp#shop.sum|cpp:include/shop/money.hpp#shop.Money|import",
            "cpp:src/cart.cpp#shop.sum|cpp:include/shop/money.hpp#shop.Money|import",
            "cpp:src/main.cpp#main|cpp:include/shop/cart.hpp#shop.Cart|import",
            "cpp:src/main.cpp#main|cpp:include/shop/item.h#shop.catalog.Book|import",
            "cpp:src/main.cpp#main|cpp:include/shop/money.hpp#shop.Money|import",
            "cpp:src/main.cpp#print|cpp:include/shop/money.hpp#shop.Money|import",
            "cpp:src/money.cpp#shop.Money.Money~2|?std.int64_t|external",
            "cpp:src/money.cpp#shop.Money.Money~3|?std.int64_t|external",
            "cpp:src/money.cpp#shop.Money.format|?std.ostringstream|external",
            "cpp:src/money.cpp#shop.Money.format|?std.string|external",
            "cpp:src/money.cpp#shop.Money.operator+|cpp:include/shop/money.hpp#shop.Money|import",
            "cpp:src/money.cpp#shop.Money.operator+|cpp:include/shop/money.hpp#shop.Money|import",
            "cpp:src/money.cpp#shop.Money.operator==|cpp:include/shop/money.hpp#shop.Money|import",
        ]
    );
}
