import SeedTransitions
import TransitionRender

// `swift run render-examples [folder]`: every example's GIF, into `output/` by default.

let folder = CommandLine.arguments.dropFirst().first ?? "output"
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
_ = FileManager.default.changeCurrentDirectoryPath(folder)

try MainActor.assumeIsolated {
  // README: render
  let home = HomeViewController()
  let nav = NavigationController(rootViewController: home)
  let recording = try Recorder(root: nav, size: Size(width: 375, height: 667))
    .record { home.showDetails() }
  try recording.write(to: "push.gif")
  // README: end
  print("push.gif: \(recording.frames.count) frames")
  try renderGettingStarted(to: "getting-started.gif")
  print("getting-started.gif: the documentation's first example")

  for example in examples {
    let recording = try example.record(1, 30)
    try recording.write(to: example.name + ".gif")
    print("\(example.name).gif: \(recording.frames.count) frames, \(String(format: "%.2f", recording.duration)) s — \(example.summary)")
  }
}
