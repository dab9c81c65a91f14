;; Newline scanning for read_file's counting pass (src/handlers/filesystem/newline-scan.ts).
;; `npm run build:wasm` turns this file into newline-scan.wasm.ts; a test checks the two agree.
;; Memory: 48 pages (3 MiB) = the two 1 MiB read buffers of a double-buffered scan, plus slack.
(module
  (memory (export "memory") 48)
  (global $count (export "count") (mut i32) (i32.const 0))
  ;; Position of the k-th newline (byte 10) in [ptr, ptr+len), or -1 with the number of newlines
  ;; found left in the global `count`.
  (func (export "nth") (param $ptr i32) (param $len i32) (param $k i32) (result i32)
    (local $i i32) (local $end i32) (local $rem i32) (local $m i64) (local $c i32) (local $nl v128) (local $m32 i32)
    (local.set $i (local.get $ptr))
    (local.set $end (i32.add (local.get $ptr) (local.get $len)))
    (local.set $rem (local.get $k))
    (local.set $nl (i8x16.splat (i32.const 10)))
    ;; 64 bytes at a time
    (block $done64
      (loop $l64
        (br_if $done64 (i32.gt_u (i32.add (local.get $i) (i32.const 64)) (local.get $end)))
        (local.set $m
          (i64.or
            (i64.or
              (i64.extend_i32_u (i8x16.bitmask (i8x16.eq (v128.load (local.get $i)) (local.get $nl))))
              (i64.shl (i64.extend_i32_u (i8x16.bitmask (i8x16.eq (v128.load offset=16 (local.get $i)) (local.get $nl)))) (i64.const 16)))
            (i64.or
              (i64.shl (i64.extend_i32_u (i8x16.bitmask (i8x16.eq (v128.load offset=32 (local.get $i)) (local.get $nl)))) (i64.const 32))
              (i64.shl (i64.extend_i32_u (i8x16.bitmask (i8x16.eq (v128.load offset=48 (local.get $i)) (local.get $nl)))) (i64.const 48)))))
        (local.set $c (i32.wrap_i64 (i64.popcnt (local.get $m))))
        (if (i32.ge_u (local.get $c) (local.get $rem))
          (then
            (block $found
              (loop $drop
                (br_if $found (i32.le_u (local.get $rem) (i32.const 1)))
                (local.set $m (i64.and (local.get $m) (i64.sub (local.get $m) (i64.const 1))))
                (local.set $rem (i32.sub (local.get $rem) (i32.const 1)))
                (br $drop)))
            (return (i32.add (local.get $i) (i32.wrap_i64 (i64.ctz (local.get $m)))))))
        (local.set $rem (i32.sub (local.get $rem) (local.get $c)))
        (local.set $i (i32.add (local.get $i) (i32.const 64)))
        (br $l64)))
    ;; the tail, byte by byte
    (block $done1
      (loop $l1
        (br_if $done1 (i32.ge_u (local.get $i) (local.get $end)))
        (if (i32.eq (i32.load8_u (local.get $i)) (i32.const 10))
          (then
            (local.set $rem (i32.sub (local.get $rem) (i32.const 1)))
            (if (i32.eqz (local.get $rem)) (then (return (local.get $i))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $l1)))
    (global.set $count (i32.sub (local.get $k) (local.get $rem)))
    (i32.const -1)))
