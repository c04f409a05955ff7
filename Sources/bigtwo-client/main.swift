import CommandOptions
import Foundation
import LobbyClient

do {
    let command = try ClientCommand.parse(
        Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
    exit(ClientMain.run(command))
} catch {
    FileHandle.standardError.write(Data(error.report.utf8))
    exit(UsageError.exitStatus)
}
