import Foundation
import Testing
import ToolTestSupport

/// Same command → same pixels and bytes: the built `render` binary is run as a separate
/// process, repeatedly, at 1 and 2 threads, and with pixman's SIMD paths turned off
/// (`PIXMAN_DISABLE`), and its frame hashes and GIF bytes compared.
@Suite("determinism of the render binary")
struct DeterminismTests {
  /// `render` beside the test bundle (whatever --build-path), else .build/debug.
  static var binary: String? {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
      "render"
    ).path
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return [beside, root.appendingPathComponent(".build/debug/render").path].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  func render(_ args: [String], environment extra: [String: String] = [:]) throws -> (status: Int32, out: Data) {
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "PIXMAN_DISABLE")
    for (k, v) in extra { env[k] = v }
    let run = try runTool(
      try #require(Self.binary, "the render binary is not built (swift build --product render)"), args, environment: env
    )
    return (run.status, run.stdout)
  }

  static let command = ["cube", "--push", "--size", "48x40", "--fps", "10", "--hash"]

  @Test("Frame hashes are identical on repeated runs, at 1 and 2 threads, and with PIXMAN_DISABLE=\"sse2 ssse3 mmx\"")
  func hashes() throws {
    let reference = try render(Self.command + ["--threads", "1"])
    #expect(reference.status == 0)
    #expect(reference.out.count > 0)
    let again = try render(Self.command + ["--threads", "1"])
    let parallel = try render(Self.command + ["--threads", "2"])
    let scalar = try render(Self.command + ["--threads", "2"], environment: ["PIXMAN_DISABLE": "sse2 ssse3 mmx"])
    #expect(again.out == reference.out, "a repeated run gave other frame hashes")
    #expect(parallel.out == reference.out, "2 threads gave other frame hashes than 1")
    // pixman announces each disabled implementation on standard output ("pixman: Disabled sse2
    // implementation"); those lines are its, not frame hashes.
    let scalarHashes = String(decoding: scalar.out, as: UTF8.self).split(separator: "\n").filter {
      !$0.hasPrefix("pixman:")
    }
    #expect(
      scalarHashes == String(decoding: reference.out, as: UTF8.self).split(separator: "\n"),
      "pixman without SIMD gave other frame hashes")
  }

  @Test(
    "Text: the demo's text on a turning cube at 2x (vectors, and rasters under perspective) hashes the same on two runs and at 1 and 2 threads"
  )
  func text() throws {
    let command = ["cube", "--push", "--size", "200x260", "--scale", "2", "--fps", "6", "--hash"]
    let reference = try render(command + ["--threads", "1"])
    #expect(reference.status == 0)
    #expect(String(decoding: reference.out, as: UTF8.self).split(separator: "\n").count >= 6)
    #expect(try render(command + ["--threads", "1"]).out == reference.out, "a repeated run gave other frame hashes")
    #expect(try render(command + ["--threads", "2"]).out == reference.out, "2 threads gave other frame hashes than 1")
  }

  @Test("GIF bytes are identical at 1 and 2 threads and without pixman SIMD")
  func gifBytes() throws {
    let folder = NSTemporaryDirectory() + "determinism-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    func gif(_ name: String, threads: String, _ env: [String: String] = [:]) throws -> Data? {
      let path = folder + "/" + name
      #expect(
        try render(
          ["fade", "--size", "40x30", "--fps", "10", "-q", "--threads", threads, "-o", path], environment: env
        ).status == 0)
      return FileManager.default.contents(atPath: path)
    }
    let one = try #require(try gif("one.gif", threads: "1"))
    #expect(Array(one.prefix(6)) == Array("GIF89a".utf8))
    #expect(try gif("two.gif", threads: "2") == one)
    #expect(try gif("scalar.gif", threads: "1", ["PIXMAN_DISABLE": "sse2 ssse3 mmx"]) == one)
  }

  @Test(
    "render encode writes identical GIF bytes on repeated runs and at 1 and 2 threads (decoding ahead, LZW segments in parallel)"
  )
  func encodeThreads() throws {
    let folder = NSTemporaryDirectory() + "determinism-encode-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // 320x240: rectangles above 65536 pixels, so frames are coded as two LZW segments.
    #expect(try render(["cube", "--size", "320x240", "--fps", "15", "-q", "-o", folder + "/frames/"]).status == 0)
    func encode(_ name: String, threads: String) throws -> Data? {
      let path = folder + "/" + name
      #expect(
        try render(["encode", folder + "/frames", "-o", path, "--fps", "15", "-q", "--threads", threads]).status == 0)
      return FileManager.default.contents(atPath: path)
    }
    let one = try #require(try encode("one.gif", threads: "1"))
    #expect(Array(one.prefix(6)) == Array("GIF89a".utf8))
    #expect(try encode("two.gif", threads: "2") == one)
    #expect(try encode("again.gif", threads: "2") == one)
  }
}
