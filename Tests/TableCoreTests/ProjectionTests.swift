import Testing

@testable import TableCore
