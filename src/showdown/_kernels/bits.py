"""Bit intrinsics numba does not expose: population count and trailing zeros of a uint64."""

from llvmlite import ir
from numba import types
from numba.extending import intrinsic


@intrinsic
def _popcount(typingctx, value):
    """Number of set bits of a uint64."""

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return types.uint64(types.uint64), codegen


@intrinsic
def _trailing_zeros(typingctx, value):
    """Number of trailing zero bits of a uint64 (64 for zero)."""

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return types.uint64(types.uint64), codegen
