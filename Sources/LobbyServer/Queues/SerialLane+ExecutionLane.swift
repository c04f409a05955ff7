import Locking

/// A table's lane is an ``ExecutionLane``, so a ``LaneBound`` value can hold the state its
/// items share: they run one at a time, on whichever thread the lane gives them.
extension SerialLane: ExecutionLane {}
