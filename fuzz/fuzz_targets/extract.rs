#![no_main]
// The check lives in bridge::harness, shared with the replay test of fuzz/regressions/: the
// input's first byte picks the language (every language of the registry), the rest is source.
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    bridge::harness::run("extract", data);
});
