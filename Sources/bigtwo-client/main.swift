import Foundation
import LobbyClient

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    let command = try ClientCommand.parse(arguments)
    exit(ClientMain.run(command))
} catch {
    FileHandle.standardError.write(Data("\(error.description)\n\(ClientCommand.usage)\n".utf8))
    exit(2)
}
