//! Links the COIN-OR libraries behind CBC statically where their archives
//! are installed (Debian's `coinor-lib*-dev` packages ship them).
//!
//! Linked dynamically, CBC's eight C++ libraries and what they load are
//! opened, mapped and relocated by every run of the tool before `main`,
//! whether CBC is asked for or not; a run that only reads a board paid for
//! that more than for its own work (docs/solvers.md, "How CBC is linked").
//! Linked statically, only the parts of them numbrix calls are in the
//! binary, and with them the C++ runtime where the compiler has its
//! archive. The other libraries they need (LAPACK, BLAS, zlib) stay
//! dynamic: LAPACK's archive would pull in the Fortran runtime, which
//! Debian ships only as a shared library.
//!
//! `coin_cbc_sys` still asks for the shared CBC, and HiGHS's build for the
//! shared C++ runtime; the linker drops them as unneeded once the
//! archives, which come first, define every symbol. Without the archives,
//! on a system other than Linux, or with `NUMBRIX_LINK_CBC=dynamic`, this
//! script asks for nothing and the shared libraries are linked as before.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The COIN-OR libraries: CBC, CLP, CGL, OSI and CoinUtils.
fn is_coin_or(library: &str) -> bool {
    ["Cbc", "Cgl", "Clp", "Osi", "Coin"]
        .iter()
        .any(|prefix| library.starts_with(prefix))
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=NUMBRIX_LINK_CBC");
    // Linux only: elsewhere the archives' C++ runtime is another library
    // (libc++ on macOS), and nothing here was measured.
    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    if !linux || std::env::var("NUMBRIX_LINK_CBC").is_ok_and(|link| link == "dynamic") {
        return;
    }
    let Ok(cbc) = pkg_config::Config::new()
        .statik(true)
        .cargo_metadata(false)
        .probe("cbc")
    else {
        return;
    };
    let Ok(libdir) = pkg_config::get_variable("cbc", "libdir") else {
        return;
    };
    let libdir = Path::new(&libdir);
    let has_archive = |library: &str| libdir.join(format!("lib{library}.a")).is_file();
    if !cbc
        .libs
        .iter()
        .filter(|library| is_coin_or(library))
        .all(|library| has_archive(library))
    {
        return;
    }
    println!("cargo:rustc-link-search=native={}", libdir.display());
    // In pkg-config's order: each library before the ones it uses.
    for library in &cbc.libs {
        let kind = if is_coin_or(library) {
            "static:-bundle"
        } else {
            "dylib"
        };
        println!("cargo:rustc-link-lib={kind}={library}");
    }
    // The archives are C++: the C++ runtime statically too where the
    // compiler has its archive (HiGHS, also C++, then shares it), which
    // spares the loader its largest library; dynamically otherwise.
    match static_cxx_runtime() {
        Some(dir) => {
            println!("cargo:rustc-link-search=native={}", dir.display());
            println!("cargo:rustc-link-lib=static:-bundle=stdc++");
        }
        None => println!("cargo:rustc-link-lib=dylib=stdc++"),
    }
}

/// The folder of the C++ compiler's `libstdc++.a`, if it has one.
fn static_cxx_runtime() -> Option<PathBuf> {
    println!("cargo:rerun-if-env-changed=CXX");
    let compiler = std::env::var("CXX").unwrap_or_else(|_| "c++".into());
    let output = Command::new(compiler)
        .arg("-print-file-name=libstdc++.a")
        .output()
        .ok()?;
    let archive = PathBuf::from(String::from_utf8(output.stdout).ok()?.trim());
    // Without the archive the compiler prints the bare name back.
    if !(output.status.success() && archive.is_absolute() && archive.is_file()) {
        return None;
    }
    archive.parent().map(Path::to_path_buf)
}
