import Rendering

/// Help texts in swift-argument-parser's layout; the ranges they state are read from the rules
/// that own them.
enum Help {
  /// Options of the encoders that `render` and `render encode` both take.
  static let encoderOptions = """
      --max-size <size>       GIF and WebP: at most this many bytes (e.g. 2MB, 500KB,
                              1.5MiB); the quality is lowered as far as needed.
      --lossless              Keep every pixel exact (GIF: when 256 colors suffice).
      --dither <mode>         GIF frames with more than 256 colors: none (default),
                              auto (only regions that would band) or ordered (all);
                              the pattern is fixed to the screen, so it never crawls.
    """

  static let usageLine = "Usage: render <effect> [--push|--pop|--present|--dismiss|--tab] [<options>] -o <path>"

  static let render = """
    OVERVIEW: Render an iOS-style view-controller transition to a GIF or PNG frames.

    USAGE: render <effect> [--push|--pop|--present|--dismiss|--tab] [<options>] -o <path>
           render list [--verbose | --devices]
           render verify <manifest.json> [--artifacts <folder>]
           render gallery -o <folder> | --check <folder>
           render encode <frames>... -o <file.gif|.apng|.webp> [--fps <n>]

    ARGUMENTS:
      <effect>                The effect to render (see 'render list').

    OPERATIONS (default: the effect's first):
      --push, --pop           Navigation push / pop.
      --present, --dismiss    Modal presentation / dismissal.
      --tab                   Tab switch to a higher index.
      --bounce                Play the operation, then its reverse (a loopable GIF),
                              holding each end state 0.5 s (--hold sets it).
      --interactive           Drive a pop, dismiss or tab switch with a scripted gesture
                              that finishes; the finger is drawn as a touch indicator.
      --cancel                With --interactive: release early, the transition snaps back.
      --interaction <kind>    edge-pan, horizontal-swipe, vertical-swipe or pinch (default:
                              edge-pan for pop, vertical-swipe for dismiss, horizontal-swipe
                              for tab).
      --gesture <file.json>   Exact touches instead of the default gesture (see README).

    OPTIONS:
      -o, --output <path>     Output by extension: .gif, .apng, .webp, .png (a contact
                              sheet of the frames with their times; with --stills the
                              strip, with --curves the plot), a folder (PNG sequence
                              0000.png, …), or - for a GIF on standard output.
                              Written whole or not at all; a folder is replaced only
                              when it holds nothing but render's frames.
      --loop <forever|N>      Plays in all: forever (default) or N, 1 to \(EncodingOptions.maximumPlays)
                              (1 = play once).
      --hold <seconds>        Hold each end state this long: the first and the last
                              frame, or with --bounce the first frame and the turn.
      --quality <0-100>       GIF and WebP: lower is smaller (default: 80).
    \(encoderOptions)
      --duration <seconds>    The transition's length (\(RecordingLimits.transitionDuration.bounds); default: the
                              effect's, see 'render list --verbose').
      --speed <factor>        Slow motion: the whole clock (springs and gestures too)
                              runs at this speed, \(RecordingLimits.speed.bounds):
                              0.25 is four times slower, with 4× the frames.
      --stills <n|p,p,…>      Stills instead of frames: n evenly spaced, or at these
                              progress points (0 = start, 1 = end), labelled with
                              progress and time: -o strip.png, or a folder.
      --frame                 With --stills: draw the phone outline around each.
      --curves                Plot each animated view's position, scale, rotation and
                              alpha against time: -o curves.svg or curves.png.
      --scene <file.json>     Screens from a scene file (see README, "Scene files").
      --from <a.png>, --to <b.png>
                              Screenshots as the two screens, stretched to the size.
      --param <name=value>    Set an effect parameter (see 'render list --verbose');
                              repeatable.
      --size <WxH>            Screen size in points, \(RecordingLimits.side.bounds) a side (default:
                              375x667).
      --device <name>         A device's screen: its size, scale, status bar, safe area
                              and rounded corners (see 'render list --devices').
      --scale <n>             Pixels per point, \(RecordingLimits.scale.bounds) (default: 1, or
                              the device's).
      --fps <n>               Frames per second, \(RecordingLimits.fps.bounds) (default: 30).
      --background <color>    Behind the screens: #RRGGBB, #RRGGBBAA, black, white,
                              clear or a system color (default: black).
      --appearance <style>    light (default) or dark: the system appearance, whose
                              values the system colors take (the built-in screens',
                              a scene's named colors).
      --transparent           Same as --background clear.
      --hash                  Print one line per frame: index and SHA-256 of its
                              straight RGBA8 pixels.
      --hashes <file.json>    Write a hash manifest (and a reference contact sheet
                              beside it) for 'render verify'.
      --threads <n>           Compositing and GIF coding threads, at most \(Parse.maximumThreads)
                              (default: all cores; the output is the same).
      -q, --quiet             Print nothing but errors (no progress bar).
      --perf                  Print per-stage timings: animate, composite, encode+write.
      --version               Show the version.
      -h, --help              Show help information.

    """

  static let verify = """
    OVERVIEW: Render a hash manifest's transition again and compare every frame.

    USAGE: render verify <manifest.json> [--artifacts <folder>]

    ARGUMENTS:
      <manifest.json>         A manifest written by 'render … --hashes'.

    OPTIONS:
      --artifacts <folder>    Where to write the actual frames, their contact sheet and
                              a difference image when a frame differs
                              (default: output/failures/<manifest name>).
      --threads <n>           Compositing threads (default: all cores).
      -h, --help              Show help information.

    Exit status: 0 when every frame matches, 1 on a difference or when the manifest was
    recorded with other versions of Cairo, pixman, Pango, HarfBuzz, FreeType or fontconfig,
    or other font files (reported as a version change, not a regression).

    """

  static let gallery = """
    OVERVIEW: Render the docs gallery: per effect a looping GIF that holds its end states, a
    filmstrip and the motion curves, with README.md and index.html pages. Files are rewritten
    only when they change.

    USAGE: render gallery -o <folder>
           render gallery --check <folder>

    OPTIONS:
      -o, --output <folder>   Render the gallery into this folder.
      --check <folder>        Render in memory and exit 1 if any committed image is stale
                              (the GIFs' frame hashes, decoded; filmstrips and curves byte
                              for byte).
      --effects <a,b,…>       Only these effects (the others keep their entries).
      --threads <n>           Compositing threads, at most \(Parse.maximumThreads) (default: all cores).
      -q, --quiet             Print nothing but errors.
      -h, --help              Show help information.

    """

  static let encode = """
    OVERVIEW: Encode an existing PNG sequence with TransitionRender's encoders.

    USAGE: render encode <frames>... -o <file> [--fps <n>] [<options>]

    ARGUMENTS:
      <frames>                A folder (its *.png files, sorted by name) or PNG files in
                              order.

    OPTIONS:
      -o, --output <file>     .gif, .apng, .webp, or .png (an APNG: a PNG that
                              animates; 'render' writes a contact sheet to .png).
      --fps <n>               Frames per second (default: 30; GIF allows at most \(Int(OutputFormat.gif.maximumFPS)),
                              APNG and WebP \(Int(OutputFormat.apng.maximumFPS))).
      --loop <forever|N>      Plays in all (default: forever).
      --hold <seconds>        Show the first and the last frame this much longer.
      --hold-first <seconds>  Show the first frame this much longer (over --hold).
      --hold-last <seconds>   Show the last frame this much longer (over --hold).
      --quality <0-100>       Lower is smaller (default: 80).
      --tolerance <0-64>      GIF: the largest per-channel error lossy LZW may put on
                              a pixel (default: from --quality, 12 at 80; 0 is exact
                              codes).
    \(encoderOptions)
      --drop-frames           Drop frames to fit what browsers play (GIF \(Int(OutputFormat.gif.maximumFPS)) fps, APNG/WebP \(Int(OutputFormat.apng.maximumFPS))).
      --threads <n>           Threads for decoding ahead and GIF coding (default: all
                              cores; the output is the same).
      -q, --quiet             Print nothing but errors.
      -h, --help              Show help information.

    """

  static let list = """
    OVERVIEW: List the built-in effects with the operations each supports, or the device
    presets.

    USAGE: render list [--verbose]
           render list --devices

    OPTIONS:
      -v, --verbose           Also show each effect's default operation and duration,
                              and the parameters it takes with their ranges.
      --devices               List the device presets for --device and a scene's
                              "device": points, scale, pixels, corner radius, status bar
                              and safe area.
      -h, --help              Show help information.

    """
}
