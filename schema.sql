-- codemap's map. Embedded into the indexer with include_str!; the version is PRAGMA user_version
-- (indexer/src/store/mod.rs: SCHEMA_VERSION). A map of another version is rebuilt by the next index run.
--
-- Positions are 1-based lines and 1-based columns counted in characters (Unicode code points);
-- an end column is exclusive. Every node ID (see SPEC "Node IDs") is stored once, in `nodes`,
-- and named everywhere else by its number there. A number never changes while the map lives
-- (re-extracting a file gives its symbols the numbers they had), so edges from unchanged files
-- stay valid when another file changes. A symbol of a file is not spelled out again: its ID is
-- its file's `files.node` and `#` and its qualname (a file node: `files.node` alone). `nodes`
-- holds the rest (packages, `ext:` nodes, and a symbol that went while an edge still names it).
-- The views at the end show node IDs as text.

CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE files (
    id          INTEGER PRIMARY KEY,
    path        TEXT NOT NULL UNIQUE,          -- workspace-relative, '/'-separated
    node        TEXT NOT NULL UNIQUE,          -- its node ID ('go:net/url/url.go'); its symbols' begin so
    dir         TEXT NOT NULL,                 -- its directory ('' at the root)
    lang        TEXT NOT NULL,                 -- 'py' | 'go'
    size        INTEGER NOT NULL,
    mtime_ns    INTEGER NOT NULL,
    hash        TEXT,                          -- blake3 of the bytes; NULL when skipped unread
    indexed_at  INTEGER NOT NULL,              -- unix seconds
    stale       INTEGER NOT NULL DEFAULT 0,    -- set by the watcher until the file is re-indexed
    skip_reason TEXT,                          -- why it was not extracted (binary, too large, ...)
    parse_error INTEGER NOT NULL DEFAULT 0,    -- tree-sitter recovered from syntax errors
    package     TEXT                           -- Go: the package clause's name
);
CREATE INDEX files_dir ON files(dir);
-- What a run compares with the disk, for every file, and the packages files state, read from
-- this index alone (a third of the table's pages; the hash is read for the files whose
-- stamp changed).
CREATE INDEX files_stamp ON files(path, size, mtime_ns, lang, stale, skip_reason, package);

-- The nodes whose IDs are not derived from a file: package nodes, `ext:` nodes, and nodes an
-- edge still names after their definition went (re-resolved in the same run; a file being
-- re-extracted parks its symbols here so that each gets its number back). Numbers are shared
-- with `symbols.id`.
CREATE TABLE nodes (
    id          INTEGER PRIMARY KEY,
    node_id     TEXT NOT NULL UNIQUE
);

CREATE TABLE symbols (
    id          INTEGER PRIMARY KEY,           -- its node: nodes.id
    file_id     INTEGER REFERENCES files(id),  -- NULL for Go package nodes
    lang        TEXT NOT NULL,
    qualname    TEXT NOT NULL,                 -- '' for file and package nodes
    own_name    TEXT,                          -- the name, when it is not the qualname's last segment
    name_at     INTEGER NOT NULL DEFAULT 0,    -- characters before the qualname's last segment
    kind_code   INTEGER NOT NULL,              -- see kind below
    start_line  INTEGER NOT NULL,
    start_col   INTEGER NOT NULL,
    end_lines   INTEGER NOT NULL,              -- end_line - start_line
    end_col     INTEGER NOT NULL,
    name_lines  INTEGER NOT NULL,              -- name_line - start_line
    name_col    INTEGER NOT NULL,
    name_end_col INTEGER NOT NULL,
    signature   TEXT,                          -- as parsed, whitespace collapsed
    doc         TEXT,                          -- first line of the docstring / doc comment
    parent      INTEGER,                       -- the containing node: nodes.id
    params      INTEGER,                       -- functions and methods: parameter count
    has_receiver INTEGER NOT NULL DEFAULT 0,   -- 1: a method declared apart from its type (Go's receiver, Rust's impl)
    dir         TEXT,                          -- package nodes: their directory
    -- Computed when read (stored only in the index on name): most names are their qualname's
    -- last segment, a receiver is the rest of it, most names start on their symbol's first
    -- line, and kinds are few.
    name        TEXT GENERATED ALWAYS AS (coalesce(own_name, substr(qualname, name_at + 1))) VIRTUAL,
    receiver    TEXT GENERATED ALWAYS AS (CASE WHEN has_receiver THEN substr(qualname, 1, name_at - 1) END) VIRTUAL,
    kind        TEXT GENERATED ALWAYS AS (CASE kind_code WHEN 0 THEN 'file' WHEN 1 THEN 'package'
                    WHEN 2 THEN 'class' WHEN 3 THEN 'struct' WHEN 4 THEN 'interface' WHEN 5 THEN 'type'
                    WHEN 6 THEN 'function' WHEN 7 THEN 'method' WHEN 8 THEN 'field' WHEN 9 THEN 'constant'
                    WHEN 10 THEN 'variable' END) VIRTUAL,
    end_line    INTEGER GENERATED ALWAYS AS (start_line + end_lines) VIRTUAL,
    name_line   INTEGER GENERATED ALWAYS AS (start_line + name_lines) VIRTUAL
);
-- Symbols by name, files and packages left out: searches ask only for symbols, and the distinct
-- names (every reader's search index) are read from this index alone. Kind and receiver
-- follow the name, so the interfaces declaring a method name are a short range, not every
-- symbol of that name (51k named `String` on 6.5 M lines of Go), for 1.1 MB on Go's map.
CREATE INDEX symbols_name ON symbols(name, kind_code, has_receiver) WHERE qualname != '';
CREATE INDEX symbols_parent ON symbols(parent);
CREATE INDEX symbols_file_qual ON symbols(file_id, qualname);

-- What references name, as written ('self.refresh', 'fmt.Println', a module), each once: the
-- 755,307 edges of Go's standard library write 71,816 distinct names. A name no edge uses is
-- deleted by the run that removed its last edge.
CREATE TABLE names (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    leaf        TEXT NOT NULL                  -- its last segment (the re-resolution key)
);
CREATE INDEX names_leaf ON names(leaf);

-- The other names a target spells on its way (`req.Header.Set` spells `req` and `Header`;
-- model.rs: name_parts), so that whether any reference spells a changed name is two index
-- lookups, not a pass over every name.
CREATE TABLE name_parts (
    part        TEXT NOT NULL,
    name        INTEGER NOT NULL,              -- names.id
    PRIMARY KEY (part, name)
) WITHOUT ROWID;

-- Edges found by resolution. `contains` edges are not stored here: they are symbols.parent,
-- and the view all_edges below shows both.
CREATE TABLE edges (
    id          INTEGER PRIMARY KEY,
    file_id     INTEGER NOT NULL REFERENCES files(id), -- the file the edge was found in
    source      INTEGER NOT NULL,              -- a symbol of that file (so no index: edges_file finds it)
    target      INTEGER,                       -- nodes.id; NULL when unresolved
    name        INTEGER NOT NULL,              -- names.id: the target as written
    kind        INTEGER NOT NULL,              -- 1 imports | 2 calls | 3 extends | 4 implements | 5 uses
    line        INTEGER,
    col         INTEGER,
    resolution  INTEGER NOT NULL,              -- 0 local | 1 import | 2 package | 3 inferred | 4 unique | 5 external | 6 unresolved
    hint        TEXT,                          -- the first name's type (self's class, a receiver's or typed local's type)
    args        INTEGER,                       -- calls: the number of arguments passed (picks an overload)
    arg_types   TEXT                           -- calls: the arguments' types the parse tells, ','-separated ('' for one it does not)
);
CREATE INDEX edges_target ON edges(target);
CREATE INDEX edges_name ON edges(name);
CREATE INDEX edges_file ON edges(file_id);
-- The `implements` edges computed from Go's method sets (kind 4), found without a scan of
-- every edge when a run recomputes them.
CREATE INDEX edges_implements ON edges(file_id) WHERE kind = 4;

-- Import bindings per file, kept so that edges of unchanged files can be re-resolved.
CREATE TABLE imports (
    file_id INTEGER NOT NULL REFERENCES files(id),
    module  TEXT NOT NULL,
    member  TEXT,
    alias   TEXT,
    reexport INTEGER NOT NULL DEFAULT 0,   -- 1: `export … from`, which binds no name here
    line    INTEGER NOT NULL,
    col     INTEGER NOT NULL
);
CREATE INDEX imports_file ON imports(file_id);

-- Types the code states (indexer/src/model.rs: TypeFact), per file: a variable's, field's or
-- attribute's type, a function's results, a class's bases in order. Each is a type expression
-- in its file's scope ('Graph', 'pkg.T', 'pkg.NewT()@0'); resolution follows them to type
-- calls on values (`self.graph.add(...)`), which are then 'inferred' edges.
-- Kept in file order on disk (the key), so a file's facts are read and deleted together with
-- no index beside them.
CREATE TABLE facts (
    file_id  INTEGER NOT NULL REFERENCES files(id),
    seq      INTEGER NOT NULL,                 -- order in the file
    qualname TEXT NOT NULL,
    role     TEXT NOT NULL,                    -- type | returns | base | build | exports (__all__)
    ty       TEXT NOT NULL,
    PRIMARY KEY (file_id, seq)
) WITHOUT ROWID;

-- How central each symbol is: PageRank over the calls/imports/extends/implements edges, mixed
-- with in-degree; recomputed by runs that change many files (it ranks ties, so a few small
-- runs behind is fine). Symbols without a row score 0.
-- Files the map indexed and that were deleted since: a path that is gone from disk is then
-- FILE_DELETED ("was indexed") rather than "never indexed", whoever removed its row (the
-- watcher or an index run).
CREATE TABLE gone (
    path  TEXT PRIMARY KEY,                    -- workspace-relative, as files.path was
    at    INTEGER NOT NULL                     -- unix seconds
) WITHOUT ROWID;

-- The workspace's projects (indexer::project: a go.mod, Cargo.toml, package.json,
-- pyproject.toml… that names one), rewritten when they change. A file belongs to the
-- innermost project whose root holds it.
CREATE TABLE projects (
    root        TEXT PRIMARY KEY,              -- workspace-relative directory, '' at the root
    name        TEXT NOT NULL UNIQUE,
    kind        TEXT NOT NULL,                 -- 'go' | 'cargo' | 'npm' | 'python' | 'maven' | 'gradle'
    manifest    TEXT NOT NULL                  -- the project file, workspace-relative
) WITHOUT ROWID;

CREATE TABLE hubs (
    node        INTEGER PRIMARY KEY,           -- nodes.id
    score       REAL NOT NULL,
    in_degree   INTEGER NOT NULL
);

-- For anyone reading the map with sqlite3: every node, every edge (`contains` included) and
-- every symbol, with node IDs as text. A filter on a node ID reads every row; a filter on
-- `name`, `qualname`, `kind` or the file's path uses the indexes.
CREATE VIEW all_nodes AS
    SELECT y.id, f.node || CASE y.qualname WHEN '' THEN '' ELSE '#' || y.qualname END AS node_id
    FROM symbols y JOIN files f ON f.id = y.file_id
    UNION ALL
    SELECT id, node_id FROM nodes;

CREATE VIEW all_edges AS
    SELECT e.file_id, coalesce(sf.node || CASE s.qualname WHEN '' THEN '' ELSE '#' || s.qualname END, sn.node_id) AS source,
           coalesce(tf.node || CASE t.qualname WHEN '' THEN '' ELSE '#' || t.qualname END, tn.node_id) AS target,
           nm.name AS target_name,
           CASE e.kind WHEN 1 THEN 'imports' WHEN 2 THEN 'calls' WHEN 3 THEN 'extends' WHEN 4 THEN 'implements' WHEN 5 THEN 'uses' END AS kind,
           e.line, e.col,
           CASE e.resolution WHEN 0 THEN 'local' WHEN 1 THEN 'import' WHEN 2 THEN 'package' WHEN 3 THEN 'inferred' WHEN 4 THEN 'unique' WHEN 5 THEN 'external' WHEN 6 THEN 'unresolved' END AS resolution
    FROM edges e JOIN names nm ON nm.id = e.name
    LEFT JOIN symbols s ON s.id = e.source LEFT JOIN files sf ON sf.id = s.file_id
    LEFT JOIN nodes sn ON sn.id = e.source
    LEFT JOIN symbols t ON t.id = e.target LEFT JOIN files tf ON tf.id = t.file_id
    LEFT JOIN nodes tn ON tn.id = e.target
    UNION ALL
    SELECT y.file_id, coalesce(pf.node || CASE p.qualname WHEN '' THEN '' ELSE '#' || p.qualname END, pn.node_id), coalesce(f.node || CASE y.qualname WHEN '' THEN '' ELSE '#' || y.qualname END, n.node_id), y.name, 'contains', y.name_line, y.name_col, 'local'
    FROM symbols y LEFT JOIN files f ON f.id = y.file_id LEFT JOIN nodes n ON n.id = y.id
    JOIN symbols p ON p.id = y.parent LEFT JOIN files pf ON pf.id = p.file_id
    LEFT JOIN nodes pn ON pn.id = y.parent;

CREATE VIEW all_symbols AS
    SELECT coalesce(f.node || CASE y.qualname WHEN '' THEN '' ELSE '#' || y.qualname END, n.node_id) AS node_id,
           coalesce(pf.node || CASE p.qualname WHEN '' THEN '' ELSE '#' || p.qualname END, pn.node_id) AS parent_id, y.*
    FROM symbols y LEFT JOIN files f ON f.id = y.file_id LEFT JOIN nodes n ON n.id = y.id
    LEFT JOIN symbols p ON p.id = y.parent LEFT JOIN files pf ON pf.id = p.file_id
    LEFT JOIN nodes pn ON pn.id = y.parent;
