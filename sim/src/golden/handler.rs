//! How a decoded instruction runs: the function a family binds to its row (scalar or vector),
//! a VOPD pair of vector functions, or the fault of a row that does not run.

use super::scalar::ExecFn;
use super::state::Fault;
use super::vector::VFn;

/// How a decoded instruction runs.
#[derive(Clone, Debug)]
pub(super) enum Handler {
    /// A scalar row: deferred writes.
    Scalar(ExecFn),
    /// A vector row: direct writes after all checks.
    Vector(VFn),
    /// A VOPD pair: the X and Y functions, both reading before either writes.
    Vopd(VFn, VFn),
    /// The instruction cannot run: illegal, or not executed by this model.
    Fault(Fault),
}
