//! [`CliError`] and the reporting of every failure as one `error: …` line.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use std::{
    fmt,
    io::{self, Write},
    path::Path,
    process::ExitCode,
};

/// Why a command failed.
#[derive(Debug)]
pub enum CliError {
    /// The input was wrong; the message names what and where.
    Input(String),
    /// Writing the output failed. A closed pipe is not a failure: see
    /// [`CliError::is_broken_pipe`].
    Io(io::Error),
    /// The command failed with this exit status and has said why on
    /// stderr already (one `error:` line per problem, or a program it ran,
    /// `bitmoves-gpu`): exit with the status, without a line of our own.
    Exited(u8),
}

impl CliError {
    /// An input error with this message (printed after `error: `).
    pub fn input(message: impl Into<String>) -> Self {
        Self::Input(message.into())
    }

    /// Whether the reader of our output went away (`bitmoves moves | head
    /// -1`): the command did all anyone wanted, so it still succeeds.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Self::Io(error) if is_broken_pipe(error))
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Input(message) => f.write_str(message),
            Self::Io(error) => write!(f, "cannot write the output: {error}"),
            Self::Exited(status) => write!(f, "failed with exit status {status} (said above)"),
        }
    }
}

impl std::error::Error for CliError {}

impl From<io::Error> for CliError {
    fn from(error: io::Error) -> Self {
        Self::Io(error)
    }
}

/// How many characters of a user's argument an error message repeats.
pub const ECHO_LIMIT: usize = 40;

/// `text` as an error message repeats it: whole when it is at most
/// [`ECHO_LIMIT`] characters, else its first [`ECHO_LIMIT`] characters and
/// `…`, so that a huge argument cannot make a huge error line.
pub fn shorten(text: &str) -> String {
    match text.char_indices().nth(ECHO_LIMIT) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// Whether a write failed because the reader of the output went away.
pub fn is_broken_pipe(error: &io::Error) -> bool {
    error.kind() == io::ErrorKind::BrokenPipe
}

/// A file name as messages print it: as it is when it is plain printable
/// UTF-8, else quoted and escaped as Rust writes a string (`"a\nb"`,
/// `"\xFF"`), so that no name can break an error line or forge another.
pub fn file_name(path: &Path) -> String {
    match path.to_str() {
        Some(name)
            if name
                .chars()
                .all(|c| c.escape_debug().len() == 1 || "\\'\"".contains(c)) =>
        {
            name.to_owned()
        }
        _ => format!("{path:?}"),
    }
}

/// Writes `message` to stderr as one line: a line break becomes a space,
/// and every other control character is escaped (`\r`, `\u{1b}`). A failure
/// to write to stderr is ignored: there is nowhere left to report it.
pub fn say(message: &dyn fmt::Display) {
    let mut line = String::new();
    for c in message.to_string().chars() {
        match c {
            '\n' => line.push(' '),
            c if c.is_control() => line.extend(c.escape_debug()),
            c => line.push(c),
        }
    }
    line.push('\n');
    let _ = io::stderr().lock().write_all(line.as_bytes());
}

/// Writes `error: {message}` to stderr as one line (see [`say`]).
pub fn report(message: &dyn fmt::Display) {
    say(&format_args!("error: {message}"));
}

/// Handles a failed command-line parse. `--help` and `--version` print as
/// clap writes them and succeed; every real error becomes one line,
/// `error: …`, and exit code 2.
///
/// `help` names where to look for help: `bitmoves` or `bitmoves perft`.
/// `hint`, when there is one, goes between clap's message and that
/// pointer.
pub fn report_clap(error: &clap::Error, help: &str, hint: Option<&str>) -> ExitCode {
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let text = error.render().to_string();
            let mut out = io::stdout().lock();
            match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
                Err(error) => {
                    report(&CliError::Io(error));
                    ExitCode::FAILURE
                }
            }
        }
        _ => {
            let hint = hint.map(|hint| format!("; {hint}")).unwrap_or_default();
            report(&format_args!(
                "{}{hint}; see '{help} --help'",
                clap_message(error)
            ));
            ExitCode::from(2)
        }
    }
}

/// One line for a clap error: the first line of clap's own message, plus
/// what its later lines would have said (the missing arguments, the
/// possible values, a suggestion).
fn clap_message(error: &clap::Error) -> String {
    let rendered = error.render().to_string();
    let first = rendered.lines().next().unwrap_or_default();
    let mut message = first.strip_prefix("error: ").unwrap_or(first).to_owned();
    // clap repeats the offending argument whole: shorten a long one.
    for kind in [ContextKind::InvalidValue, ContextKind::InvalidArg] {
        if let Some(ContextValue::String(value)) = error.get(kind) {
            let short = shorten(value);
            if short.len() < value.len() {
                message = message.replace(value.as_str(), &short);
            }
        }
    }
    let strings = |kind| match error.get(kind) {
        Some(ContextValue::Strings(values)) => values.join(", "),
        Some(ContextValue::String(value)) => value.clone(),
        _ => String::new(),
    };
    if error.kind() == ErrorKind::MissingRequiredArgument {
        message = format!(
            "missing required argument: {}",
            strings(ContextKind::InvalidArg)
        );
    }
    for (kind, label) in [
        (ContextKind::ValidValue, "possible values"),
        (ContextKind::ValidSubcommand, "commands"),
    ] {
        let values = strings(kind);
        if !values.is_empty() {
            message.push_str(&format!(" ({label}: {values})"));
        }
    }
    for kind in [
        ContextKind::SuggestedSubcommand,
        ContextKind::SuggestedArg,
        ContextKind::SuggestedValue,
    ] {
        if let Some(ContextValue::String(one)) = error.get(kind) {
            message.push_str(&format!("; did you mean '{one}'?"));
        } else if let Some(ContextValue::Strings(some)) = error.get(kind) {
            message.push_str(&format!("; did you mean '{}'?", some.join("' or '")));
        }
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_with_control_characters_are_quoted_and_escaped() {
        assert_eq!(file_name(Path::new("games/a b.pgn")), "games/a b.pgn");
        assert_eq!(file_name(Path::new("it's \"x\".pgn")), "it's \"x\".pgn");
        assert_eq!(
            file_name(Path::new("a\nerror: forged")),
            "\"a\\nerror: forged\""
        );
        assert_eq!(file_name(Path::new("a\rb\u{1b}[2K")), "\"a\\rb\\u{1b}[2K\"");
        assert_eq!(
            file_name(Path::new("\u{202e}gnp.exe")),
            "\"\\u{202e}gnp.exe\""
        );
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            let bytes = std::ffi::OsStr::from_bytes(b"a\xffb");
            assert_eq!(file_name(Path::new(bytes)), "\"a\\xFFb\"");
        }
    }

    #[test]
    fn long_arguments_are_shortened_to_the_echo_limit() {
        assert_eq!(shorten("kiwipete"), "kiwipete");
        let limit = "x".repeat(ECHO_LIMIT);
        assert_eq!(shorten(&limit), limit);
        assert_eq!(
            shorten(&"y".repeat(100_000)),
            format!("{}…", "y".repeat(ECHO_LIMIT))
        );
        // Characters, not bytes: a multi-byte character is never cut.
        let wide = "é".repeat(ECHO_LIMIT + 1);
        assert_eq!(shorten(&wide), format!("{}…", "é".repeat(ECHO_LIMIT)));
    }
}
