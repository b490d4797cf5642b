import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory render-transitions [--check] …`: builds
/// the package's docs-media executable (`transition-docs`, or `--product NAME`), whose main
/// calls `DocsMedia.main(transitions:)`, and runs it from the package's folder with the media
/// folder (`--output`, default `docs/media`, relative to the package) and the other options,
/// which it reads itself (`--check`, `--max-size`, `--max-total`, `--json`, …). Its exit status
/// is the command's: a stale check or a failure fails the command.
@main
struct RenderTransitions: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var options = ArgumentExtractor(arguments)
    let productName = options.extractOption(named: "product").last ?? "transition-docs"
    let output = options.extractOption(named: "output").last ?? "docs/media"
    let package = context.package.directoryURL
    guard context.package.products.contains(where: { $0.name == productName && $0 is ExecutableProduct }) else {
      throw PluginFailure(
        "the package has no executable product '\(productName)': add one whose main.swift calls DocsMedia.main(transitions:) (product TransitionRenderDocs), or name yours with --product"
      )
    }
    let build = try packageManager.build(
      .product(productName), parameters: .init(configuration: .debug, logging: .concise))
    guard build.succeeded, let executable = build.builtArtifacts.first(where: { $0.kind == .executable }) else {
      throw PluginFailure("building '\(productName)' failed:\n\(build.logText)")
    }
    let folder = URL(fileURLWithPath: output, relativeTo: package).standardizedFileURL
    let process = Process()
    process.executableURL = executable.url
    process.currentDirectoryURL = package
    process.arguments =
      ["--output", folder.path, "--link-prefix", Self.prefix(of: folder, in: package)]
      + options.remainingArguments
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw PluginFailure("\(productName) exited with status \(process.terminationStatus)")
    }
  }

  /// The media folder as the package's README reaches it: its path from the package's folder,
  /// with a slash, or the whole path when it is elsewhere.
  static func prefix(of folder: URL, in package: URL) -> String {
    let root = package.standardizedFileURL.path
    let path = folder.path
    guard path.hasPrefix(root + "/") else { return path + "/" }
    return String(path.dropFirst(root.count + 1)) + "/"
  }
}

/// A failure of the command, in one line.
struct PluginFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
