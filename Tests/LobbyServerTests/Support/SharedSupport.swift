/// The socket client and lock helpers shared with the net layer's tests.
@_exported import TestSupport
