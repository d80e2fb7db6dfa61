/* fptosi_sat.c - which arith.fptosi of a kernel body the lowerings replace by ind's saturating conversion
 * (fptosi_sat.h). */
#include "passes/codegen/fptosi_sat.h"

#include "dialects/ind/ind.h"

bool codegen_is_unclamped_fptosi(MlirOperation op) {
  if (ind_op_id(op) != IND_OP_ARITH_FPTOSI || mlirOperationGetNumResults(op) != 1)
    return false;
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  return mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) > 1 &&
         mlirAttributeIsNull(mlirOperationGetAttributeByName(op, ind_str(CODEGEN_FPTOSI_IN_RANGE)));
}
