import Foundation
import PackagePlugin

/// Compiles the files under a target's `www` folder into the target, as Swift source, so
/// the server carries its web page inside its binary. The files are the build command's
/// inputs: changing, adding or removing one rebuilds the source.
@main
struct EmbedWebClient: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = target.directoryURL.appending(path: "www")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        {
            for case let url as URL in walker
            where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
                inputs.append(url)
            }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding the files of \(target.name)/www",
                executable: try context.tool(named: "embed-files").url,
                arguments: [folder.path, output.path], inputFiles: inputs, outputFiles: [output])
        ]
    }
}
