// What a package's docs-media executable imports: the declarations (DocsTransition and its
// stage) and the library its transitions are written with.
@_exported import DocsImages
@_exported import TransitionRender
import RenderCLI

/// The docs media of your transitions, made by the `render-transitions` command plugin
/// (docs/docs-media.md). Your package declares an executable product, `transition-docs` by
/// default, whose `main.swift` is one call:
///
///     DocsMedia.main(transitions: [
///       DocsTransition("details-push", alt: "The home screen pushes the details screen") { stage in
///         let home = HomeViewController()
///         return try stage.recorder(root: NavigationController(rootViewController: home))
///           .record { home.showDetails() }
///       }
///     ])
///
/// `swift package --allow-writing-to-package-directory render-transitions` builds it and runs
/// it with the folder to write; `… render-transitions --check` exits non-zero naming every
/// stale transition, for CI.
public enum DocsMedia {
  /// Makes or checks the media of `transitions` as the process's arguments ask (the plugin
  /// passes them; `--help` lists them), then exits: 0 when written or up to date, 1 when stale
  /// or when a transition fails to record, an output cannot be written or a budget cannot be
  /// met (one line naming the transition and why; nothing is written), 64 for a usage error.
  @MainActor
  public static func main(transitions: [DocsTransition]) -> Never {
    // The streams first: they claim a closed descriptor 0, 1 or 2 before any file is opened.
    let streams = StandardStreams()
    InterruptHandling.install()
    exit(MediaCommand.run(Array(CommandLine.arguments.dropFirst()), transitions: transitions, streams: streams))
  }

  /// What `main` does with `arguments`, in-process (a test's way to check the committed
  /// media): the exit status `main` would exit with, and what it printed on standard output
  /// and error.
  @MainActor
  public static func run(_ transitions: [DocsTransition], arguments: [String]) -> (
    status: Int32, output: String, errors: String
  ) {
    let streams = CapturedStreams()
    let status = MediaCommand.run(arguments, transitions: transitions, streams: streams)
    return (status, streams.stdout, streams.stderr)
  }
}
