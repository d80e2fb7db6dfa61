func.func @f() {
  %0 = "graph.relu"(
}
