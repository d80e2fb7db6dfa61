// Unit test of the one element-type table (lib/elem_type.h): every IndElementType's names and size, the
// runtime's public functions (ind/runtime.h) reading the same table, and what is no element type.
// RUN: %unit/unit-elem_type | %filecheck %s
//
// CHECK-LABEL: @rows
/// IndElementType's order; "i1" in the IR and the launch plan, "bool" for a tensor shown.
// CHECK-NEXT: 0 f32 f32 4
// CHECK-NEXT: 1 f16 f16 2
// CHECK-NEXT: 2 bf16 bf16 2
// CHECK-NEXT: 3 f64 f64 8
// CHECK-NEXT: 4 i1 bool 1
// CHECK-NEXT: 5 i8 i8 1
// CHECK-NEXT: 6 i32 i32 4
// CHECK-NEXT: 7 i64 i64 8
// CHECK-NEXT: round-trip 8 of 8, runtime agrees 8 of 8
//
// CHECK-LABEL: @not_types
/// Out of range, and names of no type (a tensor's "bool" is not the IR's name).
// CHECK-NEXT: 8: ? ? 0, runtime ? 0
// CHECK-NEXT: -1: ? ? 0
// CHECK-NEXT: parse bool: false
// CHECK-NEXT: parse f8: false
// CHECK-NEXT: parse empty: false
#include "lib/elem_type.h"

#include <stdio.h>

static void test_rows(void) {
  printf("@rows\n");
  int round = 0, agree = 0;
  for (int t = 0; t < IND_ELEM_COUNT; ++t) {
    IndElementType e = (IndElementType)t, back = IND_ELEM_COUNT;
    printf("%d %s %s %zu\n", t, ind_elem_name(e), ind_elem_tensor_name(e), ind_elem_size(e));
    round += ind_elem_parse(ind_elem_name(e), &back) && back == e;
    IndElementType rt = IND_ELEM_COUNT;
    agree += !strcmp(ind_element_type_name(e), ind_elem_name(e)) && ind_element_type_size(e) == ind_elem_size(e) &&
             ind_element_type_parse(ind_elem_name(e), &rt) && rt == e;
  }
  printf("round-trip %d of %d, runtime agrees %d of %d\n", round, IND_ELEM_COUNT, agree, IND_ELEM_COUNT);
}

static void test_not_types(void) {
  printf("@not_types\n");
  IndElementType past = IND_ELEM_COUNT, neg = (IndElementType)-1, out;
  printf("%d: %s %s %zu, runtime %s %zu\n", (int)past, ind_elem_name(past), ind_elem_tensor_name(past),
         ind_elem_size(past), ind_element_type_name(past), ind_element_type_size(past));
  printf("%d: %s %s %zu\n", (int)neg, ind_elem_name(neg), ind_elem_tensor_name(neg), ind_elem_size(neg));
  printf("parse bool: %s\n", ind_elem_parse("bool", &out) ? "true" : "false");
  printf("parse f8: %s\n", ind_elem_parse("f8", &out) ? "true" : "false");
  printf("parse empty: %s\n", ind_elem_parse("", &out) ? "true" : "false");
}

int main(void) {
  test_rows();
  test_not_types();
  return 0;
}
