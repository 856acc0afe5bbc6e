//! Writing output files (`export -o`, `solve --svg`) so that a reader never
//! sees half a file: the bytes go to a temporary file in the target's own
//! directory, which is then renamed over the target. A rename within one
//! directory is atomic, so the target is either the old file or the whole
//! new one; on any failure the temporary file is removed.

use std::io::Write;
use std::path::Path;

use crate::error::Error;

/// Checks that `path` can be a new or replaced file: its directory exists
/// and takes new files (a temporary one is made and removed), and the path
/// is not itself a directory. Commands that work long before they write (a
/// solve before its picture, a comparison before its plot) call this
/// first, so a typo in the directory fails at once; [`write_atomically`]
/// checks it again.
pub fn check_target(path: &Path) -> Result<(), Error> {
    let (directory, _) = target(path)?;
    tempfile::Builder::new()
        .prefix(".numbrix-check.")
        .tempfile_in(directory)
        .map(drop)
        .map_err(|error| Error::Output {
            path: path.display().to_string(),
            message: format!("cannot create a file here: {error}"),
        })
}

/// The directory and file name of `path`, once checked.
fn target(path: &Path) -> Result<(&Path, &std::ffi::OsStr), Error> {
    let failure = |message: String| Error::Output {
        path: path.display().to_string(),
        message,
    };
    let file_name = path
        .file_name()
        .ok_or_else(|| failure("not a file name".into()))?;
    let directory = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    if !directory.is_dir() {
        return Err(failure(format!(
            "directory {} does not exist",
            directory.display()
        )));
    }
    if path.is_dir() {
        return Err(failure("is a directory".into()));
    }
    Ok((directory, file_name))
}

/// Writes `bytes` to `path` atomically. A missing directory, a directory
/// given as the path, or any write failure is an [`Error::Output`] (exit 2)
/// and leaves nothing behind.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let failure = |message: String| Error::Output {
        path: path.display().to_string(),
        message,
    };
    let (directory, file_name) = target(path)?;
    let prefix = format!(".{}.", file_name.to_string_lossy());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".part");
    // tempfile makes private (0600) files; an exported model is an ordinary
    // file, so ask for what `>` would give (0644, less the umask).
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o644));
    }
    let mut temporary = builder
        .tempfile_in(directory)
        .map_err(|error| failure(format!("cannot create a file here: {error}")))?;
    temporary
        .write_all(bytes)
        .and_then(|()| temporary.as_file().sync_all())
        .map_err(|error| failure(format!("cannot write: {error}")))?;
    temporary
        .persist(path)
        .map_err(|error| failure(format!("cannot rename into place: {}", error.error)))?;
    Ok(())
}
