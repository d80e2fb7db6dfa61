// RUN: %ind-opt %s --split-input-file | %filecheck %s
// CHECK: sym_name = "a"
// CHECK: // -----
// CHECK: sym_name = "b"
func.func @a() {
  return
}
// -----
func.func @b() {
  return
}
