#![no_main]
// The check lives in bridge::harness, shared with the replay test of fuzz/regressions/.
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    bridge::harness::run("extract_javascript", data);
});
