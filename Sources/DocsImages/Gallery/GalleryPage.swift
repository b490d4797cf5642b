import Effects
import Foundation
import Rendering

/// The gallery's two pages: `index.html`, a grid of cards by effect family that follows the
/// reader's light or dark mode and the screen's width, and `README.md`, the same cards in a
/// table GitHub renders. Each card: the GIF (in a phone outline on the HTML page), the name, one
/// sentence, what the GIF plays and what else the effect does, the transition's length and the
/// loop's, and links to the filmstrip and the motion curves.
struct GalleryPage {
  let entries: [Gallery.Entry]

  static let command = "render gallery -o output/"

  /// What one card says.
  struct Card {
    let entry: Gallery.Entry
    let effect: Effect

    var name: String { entry.effect }
    var hold: String { Self.seconds(entry.recipe.holdSeconds, decimals: 1) }

    /// The operations the GIF plays, in order: the default one, then its reverse in a bounce.
    var played: [String] {
      let operation = entry.recipe.operation ?? effect.defaultOperation
      guard entry.recipe.bounce == true else { return [operation.rawValue] }
      return [operation.rawValue, operation.reverse.rawValue]
    }

    /// What the GIF shows, in the order it plays.
    var plays: String {
      played.count > 1
        ? "\(played[0]), then \(played[1]), each end held \(hold)"
        : "\(played[0]) (it has no reverse): each end held \(hold), then a cut back to the start"
    }

    /// The effect's other operations, in the order `render list` gives them.
    var others: String {
      let rest = entry.operations.filter { !played.contains($0) }
      return rest.isEmpty ? "none" : rest.joined(separator: ", ")
    }

    var timing: String {
      "\(Self.seconds(effect.duration, decimals: 2)) transition, \(Self.seconds(entry.loopSeconds, decimals: 2)) loop"
    }

    static func seconds(_ s: Double, decimals: Int) -> String { String(format: "%.\(decimals)f s", s) }
  }

  /// The cards of each family, in catalog order; families without an entry are left out.
  var families: [(family: EffectFamily, cards: [Card])] {
    let byName = Dictionary(entries.map { ($0.effect, $0) }, uniquingKeysWith: { a, _ in a })
    return EffectCatalog.families.compactMap { family in
      let cards = family.effects.compactMap { effect in byName[effect.name].map { Card(entry: $0, effect: effect) } }
      return cards.isEmpty ? nil : (family, cards)
    }
  }

  /// How the images were made, in the pages' words (`code` marks a command).
  static func introduction(_ code: (String) -> String) -> [String] {
    let fps = Int(Gallery.fps), width = Int(Gallery.width)
    let options = Gallery.gifOptions(Gallery.recipe(for: EffectCatalog.all[0]))
    let screen = "\(Int(Gallery.screen[0])) × \(Int(Gallery.screen[1]))"
    return [
      "Every built-in transition of TransitionRender, rendered offline on Linux by this repository's code: the demo screens at \(screen) points, drawn \(width) px wide at \(fps) frames a second and encoded as GIF at quality \(options.quality) (of 100) with \(code("--dither \(options.dither.rawValue)")): gradients that would band are dithered.",
      "Each GIF plays the effect's default operation (the first that \(code("render list")) gives), holds the end state, plays the reverse and holds the start again, so every loop reads before → after → before. An effect with no reverse holds both ends and cuts back to the start. Under each GIF: the transition's length and one loop's; the filmstrip shows the screen at 0, 25, 50, 75 and 100 % of the transition with its times, and the motion curves plot every animated property of every view against time, a dot per frame.",
      "Remake every file here with \(code(command)) (\(code("make demo")) builds the tool and runs it); \(code("render gallery --check output/")) says whether they are current.",
    ]
  }

  func markdown() -> String {
    var out = "# Gallery\n\n" + Self.introduction { "`\($0)`" }.joined(separator: "\n\n") + "\n"
    for (family, cards) in families {
      out += "\n## \(family.name)\n\n\(family.summary)\n\n<table>\n"
      for row in stride(from: 0, to: cards.count, by: 3) {
        out += "<tr>\n" + cards[row..<min(row + 3, cards.count)].map(markdownCell).joined() + "</tr>\n"
      }
      out += "</table>\n"
    }
    return out
  }

  private func markdownCell(_ card: Card) -> String {
    let e = Self.escape
    return """
      <td valign="top" width="33%"><img src="\(card.entry.file)" width="200" alt="\(e(card.name))"><br>
      <b>\(e(card.name))</b><br>\(e(card.effect.summary))<br>
      <sub>Plays: \(e(card.plays)). Also: \(e(card.others)).<br>\(e(card.timing)).<br>
      <a href="\(card.entry.stills)">Filmstrip</a> · <a href="\(card.entry.curves)">Motion curves</a></sub></td>

      """
  }

  func html() -> String {
    let intro = Self.introduction { "<code>\(Self.escape($0))</code>" }.map { "<p>\($0)</p>" }.joined(separator: "\n")
    let nav = families.map {
      "<a href=\"#\(Self.anchor($0.family.name))\">\(Self.escape($0.family.name))</a> (\($0.cards.count))"
    }.joined(separator: " · ")
    var sections = ""
    for (family, cards) in families {
      sections +=
        "<section id=\"\(Self.anchor(family.name))\">\n<h2>\(Self.escape(family.name))</h2>\n<p class=\"family\">\(Self.escape(family.summary))</p>\n<div class=\"grid\">\n"
      sections += cards.map(htmlCard).joined() + "</div>\n</section>\n"
    }
    return """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="color-scheme" content="light dark">
      <title>TransitionRender gallery</title>
      <style>
      \(Self.style)
      </style>
      </head>
      <body>
      <main>
      <header>
      <h1>TransitionRender gallery</h1>
      \(intro)
      <nav>\(nav)</nav>
      </header>
      \(sections)</main>
      </body>
      </html>

      """
  }

  private func htmlCard(_ card: Card) -> String {
    let e = Self.escape
    let height = Int((Gallery.screen[1] * Gallery.width / Gallery.screen[0]).rounded())
    return """
      <article class="card" id="\(card.name)">
      <div class="phone"><img src="\(card.entry.file)" width="\(Int(Gallery.width))" height="\(height)" loading="lazy" alt="\(e(card.name)): \(e(card.plays))"></div>
      <h3>\(e(card.name))</h3>
      <p>\(e(card.effect.summary))</p>
      <dl>
      <dt>Plays</dt><dd>\(e(card.plays))</dd>
      <dt>Also</dt><dd>\(e(card.others))</dd>
      <dt>Timing</dt><dd>\(e(card.timing))</dd>
      </dl>
      <p class="links"><a href="\(card.entry.stills)">Filmstrip</a><a href="\(card.entry.curves)">Motion curves</a></p>
      </article>

      """
  }

  static func escape(_ s: String) -> String {
    s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }

  static func anchor(_ name: String) -> String {
    name.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
  }

  /// Light by default, dark where the reader asks for it; cards flow into as many columns as
  /// fit (one on a phone), each phone outline the GIF's width plus its bezel.
  static let style = """
    :root{--bg:#f2f2f7;--card:#fff;--ink:#1c1c1e;--muted:#6c6c70;--line:#d1d1d6;--bezel:#1c1c1e;--edge:#8e8e93;--link:#0058b8;--code:#e5e5ea}
    @media (prefers-color-scheme:dark){:root{--bg:#000;--card:#1c1c1e;--ink:#f2f2f7;--muted:#a1a1a6;--line:#38383a;--bezel:#0a0a0b;--edge:#636366;--link:#6cb4ff;--code:#2c2c2e}}
    *{box-sizing:border-box}
    body{margin:0;background:var(--bg);color:var(--ink);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
    main{max-width:1320px;margin:0 auto;padding:32px 20px 64px}
    h1{font-size:32px;margin:0 0 12px}
    header p{max-width:76ch;margin:0 0 12px}
    code{font:14px ui-monospace,Menlo,Consolas,monospace;background:var(--code);padding:1px 6px;border-radius:6px;white-space:nowrap}
    nav{margin-top:16px;color:var(--muted)}
    a{color:var(--link)}
    h2{font-size:24px;margin:44px 0 2px}
    .family{color:var(--muted);margin:0 0 16px}
    .grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:20px}
    .card{background:var(--card);border:1px solid var(--line);border-radius:18px;padding:20px;display:flex;flex-direction:column;gap:8px}
    .phone{align-self:center;padding:9px;border-radius:36px;background:var(--bezel);box-shadow:0 0 0 1px var(--edge);margin-bottom:6px}
    .phone img{display:block;border-radius:27px;max-width:100%;height:auto}
    h3{font-size:19px;margin:0}
    .card p{margin:0}
    dl{display:grid;grid-template-columns:auto 1fr;gap:2px 12px;margin:0;font-size:14px}
    dt{color:var(--muted)}
    dd{margin:0}
    .links{display:flex;gap:20px;margin-top:auto;padding-top:6px}
    """
}
