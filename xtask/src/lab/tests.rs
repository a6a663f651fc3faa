//! The lab server against hostile clients, on 127.0.0.1 only: oversized,
//! idle, too many and malformed connections, paths out of the site, and
//! Cargo's files beside the page; and the request reader's laws on
//! generated heads.

use super::laws::assert_laws;
use super::request::MAX_HEAD_BYTES;
use super::serve::{Limits, Site, bind, serve};
use super::{copy_page, page_dir};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The longest a test waits on one read before it fails instead of
/// hanging (a guard, not a measure).
const GUARD: Duration = Duration::from_secs(30);

/// An empty folder of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lab-serve-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// A site of `index.html` and `lab.js` in `root`.
fn page(root: &Path) -> Site {
    std::fs::write(root.join("index.html"), "<p>hi</p>").expect("index.html");
    std::fs::write(root.join("lab.js"), "let x = 1;").expect("lab.js");
    Site::new(root, ["index.html".to_owned(), "lab.js".to_owned()]).expect("the site")
}

/// Limits of `workers`, `waiting` connections and `head_timeout`, the
/// rest as by default.
fn limits(workers: usize, waiting: usize, head_timeout: Duration) -> Limits {
    Limits {
        workers,
        waiting,
        head_timeout,
        ..Limits::default()
    }
}

/// Starts a server for `site` on a free port of 127.0.0.1.
fn start(site: Site, limits: Limits) -> SocketAddr {
    let listener = bind(0).expect("a free port");
    let address = listener.local_addr().expect("its address");
    assert!(address.ip().is_loopback());
    std::thread::spawn(move || serve(listener, site, limits));
    address
}

fn connect(address: SocketAddr) -> TcpStream {
    let stream = TcpStream::connect(address).expect("the server accepts");
    stream
        .set_read_timeout(Some(GUARD))
        .expect("a read timeout");
    stream
}

/// Everything the server sends on `stream` until it closes, as text; a
/// reset after the reply ends it too.
fn reply(stream: &mut TcpStream) -> String {
    let mut bytes = Vec::new();
    let mut chunk = [0; 4096];
    loop {
        match stream.read(&mut chunk) {
            Ok(0) => break,
            Ok(read) => bytes.extend_from_slice(&chunk[..read]),
            Err(err) if err.kind() == std::io::ErrorKind::Interrupted => {}
            Err(err) => {
                assert!(
                    !matches!(
                        err.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ),
                    "the server neither answered nor closed: {}",
                    String::from_utf8_lossy(&bytes)
                );
                break;
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Sends `request` on a new connection and returns the whole reply.
fn exchange(address: SocketAddr, request: &[u8]) -> String {
    let mut stream = connect(address);
    stream.write_all(request).expect("the request goes out");
    reply(&mut stream)
}

fn get(address: SocketAddr, target: &str) -> String {
    exchange(
        address,
        format!("GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").as_bytes(),
    )
}

fn status(reply: &str) -> &str {
    reply.get(9..12).unwrap_or(reply)
}

#[test]
fn a_page_file_comes_back_with_its_type() {
    let root = scratch("page");
    let address = start(page(&root), Limits::default());
    let index = get(address, "/");
    assert!(index.starts_with("HTTP/1.1 200 OK\r\n"), "{index}");
    assert!(index.contains("Content-Type: text/html"), "{index}");
    assert!(index.contains("Content-Length: 9\r\n"), "{index}");
    assert!(index.ends_with("\r\n\r\n<p>hi</p>"), "{index}");
    let script = get(address, "/lab.js?v=2");
    assert!(script.contains("Content-Type: text/javascript"), "{script}");
    let head = exchange(address, b"HEAD /lab.js HTTP/1.0\r\n\r\n");
    assert!(head.starts_with("HTTP/1.1 200 OK\r\n"), "{head}");
    assert!(
        head.ends_with(
            "Content-Length: 10\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n"
        ),
        "{head}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn only_the_pages_own_files_are_served() {
    let root = scratch("own");
    let site = root.join("site");
    std::fs::create_dir_all(site.join(".fingerprint/bitmoves-lab")).expect("folders");
    std::fs::create_dir_all(site.join("build/bitmoves-lab-1/out")).expect("folders");
    std::fs::create_dir_all(site.join("deps")).expect("folders");
    for (name, text) in [
        ("index.html", "<p>hi</p>"),
        ("lab.js", "let x = 1;"),
        (".cargo-lock", ""),
        (".fingerprint/bitmoves-lab/lib", "fingerprint"),
        ("build/bitmoves-lab-1/build-script-build", "ELF"),
        (
            "deps/bitmoves_lab.d",
            "/home/someone/bitmoves/crates/lab/src/lib.rs:",
        ),
        ("notes.txt", "not the page's"),
    ] {
        std::fs::write(site.join(name), text).expect("a file");
    }
    std::fs::write(root.join("secret"), "outside").expect("a file outside");
    let mut files = vec!["index.html".to_owned(), "lab.js".to_owned()];
    #[cfg(unix)]
    {
        use std::os::unix::fs::symlink;
        symlink(root.join("secret"), site.join("out.js")).expect("a link out");
        symlink("lab.js", site.join("alias.js")).expect("a link in");
        files.extend(["out.js".to_owned(), "alias.js".to_owned()]);
    }
    let address = start(
        Site::new(&site, files).expect("the site"),
        Limits::default(),
    );
    assert_eq!(status(&get(address, "/lab.js")), "200");
    for target in [
        "/..",
        "/../secret",
        "/site/../../secret",
        "/%2e%2e/secret",
        "/%2E%2E%2Fsecret",
        "/..%2fsecret",
        "//etc/passwd",
        "/%2fetc%2fpasswd",
        "/.cargo-lock",
        "/.fingerprint/bitmoves-lab/lib",
        "/%2efingerprint/bitmoves-lab/lib",
        "/build/bitmoves-lab-1/build-script-build",
        "/deps/bitmoves_lab.d",
        "/deps/",
        "/notes.txt",
        "/missing.js",
    ] {
        let answer = get(address, target);
        assert!(
            matches!(status(&answer), "403" | "404"),
            "{target}: {answer}"
        );
        assert!(
            !answer.contains("outside") && !answer.contains("/home/"),
            "{target}: {answer}"
        );
    }
    if cfg!(unix) {
        let out = get(address, "/out.js");
        assert_eq!(status(&out), "403", "{out}");
        assert!(!out.contains("outside"), "{out}");
        let alias = get(address, "/alias.js");
        assert!(
            alias.starts_with("HTTP/1.1 200 OK") && alias.ends_with("let x = 1;"),
            "{alias}"
        );
    }
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn the_page_folder_is_its_own_and_holds_only_the_page() {
    let target = Path::new("/work/target");
    let page = page_dir(target);
    let cargo_profile = target.join("lab");
    assert!(!page.starts_with(&cargo_profile) && !cargo_profile.starts_with(&page));
    let root = scratch("folder");
    let (web, site) = (root.join("web"), root.join("lab-page"));
    std::fs::create_dir_all(web.join("drafts")).expect("the web folder");
    std::fs::create_dir_all(site.join(".fingerprint")).expect("a stale folder");
    std::fs::create_dir_all(site.join("build")).expect("a stale folder");
    for path in [
        web.join("index.html"),
        web.join("lab.css"),
        web.join("drafts/old.js"),
        site.join(".cargo-lock"),
        site.join("build/build-script-build"),
        site.join("stale.js"),
    ] {
        std::fs::write(path, "x").expect("a file");
    }
    let files = copy_page(&web, &site).expect("the page copies");
    assert_eq!(files, ["index.html", "lab.css"]);
    let mut held: Vec<_> = std::fs::read_dir(&site)
        .expect("the page folder")
        .map(|entry| entry.expect("an entry").file_name())
        .collect();
    held.sort();
    assert_eq!(held, ["index.html", "lab.css"]);
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn bad_requests_get_400_not_a_closed_socket() {
    let root = scratch("bad");
    let address = start(page(&root), Limits::default());
    for (request, expected) in [
        (&b"GET /\xff HTTP/1.1\r\n\r\n"[..], "400"),
        (b"GET / HTTP/1.1\r\nUser-Agent: \xc3\x28\r\n\r\n", "400"),
        (b"GET /\xc3\x28", "400"),
        (b"\xff\xfe\xfd", "400"),
        (b"GET / HTTP/1.1 extra\r\n\r\n", "400"),
        (b"GET / HTTP/1.1\r\nbroken header\r\n\r\n", "400"),
        (b"GET /%zz HTTP/1.1\r\n\r\n", "400"),
        (b"GET http://example.com/ HTTP/1.1\r\n\r\n", "400"),
        (b"POST / HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc", "405"),
        (b"GET / HTTP/3\r\n\r\n", "505"),
    ] {
        let answer = exchange(address, request);
        assert_eq!(
            status(&answer),
            expected,
            "{}: {answer}",
            request.escape_ascii()
        );
        assert!(answer.contains("Connection: close"), "{answer}");
    }
    let head = exchange(address, b"HEAD /%2e%2e/secret HTTP/1.1\r\n\r\n");
    assert!(
        head.starts_with("HTTP/1.1 404 ") && head.ends_with("\r\n\r\n"),
        "{head}"
    );
    assert_eq!(status(&get(address, "/")), "200");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn an_oversized_head_gets_431_at_the_limit_without_the_rest() {
    let root = scratch("large");
    let defaults = Limits::default();
    let limits = limits(defaults.workers, defaults.waiting, Duration::from_secs(120));
    let address = start(page(&root), limits);
    // The limit, and no line end: the answer comes at once, not at the
    // timeout, while the client still holds the connection open.
    let mut stream = connect(address);
    stream
        .write_all(&vec![b'G'; MAX_HEAD_BYTES])
        .expect("the head");
    let answer = reply(&mut stream);
    assert!(answer.starts_with("HTTP/1.1 431 "), "{answer}");
    drop(stream);

    // 48 MB in one request line: the server stops reading after the limit
    // and a little lingering, so the client cannot send it all.
    let mut stream = connect(address);
    let mut writer = stream.try_clone().expect("a second handle");
    let sender = std::thread::spawn(move || {
        let mut line = b"GET /".to_vec();
        line.resize(48 << 20, b'a');
        writer.write_all(&line).is_ok()
    });
    let answer = reply(&mut stream);
    assert!(answer.starts_with("HTTP/1.1 431 "), "{answer}");
    drop(stream);
    let sent_all = sender.join().expect("the sender ends");
    assert!(!sent_all, "the server took the whole 48 MB");

    assert_eq!(status(&get(address, "/")), "200");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn idle_and_half_sent_connections_are_closed_at_the_head_timeout() {
    let root = scratch("idle");
    let address = start(page(&root), limits(4, 64, Duration::from_millis(300)));
    // Forty half-sent or silent requests, ten times the workers: each is
    // answered 408 and closed, none holds its worker.
    let mut held: Vec<TcpStream> = (0..40).map(|_| connect(address)).collect();
    for (index, stream) in held.iter_mut().enumerate() {
        if index % 2 == 0 {
            stream
                .write_all(b"GET /index.html HT")
                .expect("half a request");
        }
    }
    for mut stream in held {
        let answer = reply(&mut stream);
        assert!(answer.starts_with("HTTP/1.1 408 "), "{answer}");
    }
    assert_eq!(status(&get(address, "/")), "200");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn connections_past_the_bound_get_503_and_serving_goes_on() {
    let root = scratch("bound");
    let address = start(page(&root), limits(1, 1, Duration::from_secs(2)));
    // Ten silent connections: at most two (one served, one waiting) are
    // held until the head timeout; the rest are refused at once.
    let held: Vec<TcpStream> = (0..10).map(|_| connect(address)).collect();
    let mut busy = 0;
    for mut stream in held {
        let answer = reply(&mut stream);
        match status(&answer) {
            "503" => busy += 1,
            "408" => {}
            _ => panic!("neither 503 nor 408: {answer}"),
        }
    }
    assert!(busy >= 1, "no connection was refused");
    assert_eq!(status(&get(address, "/")), "200");
    let _ = std::fs::remove_dir_all(&root);
}

/// A small deterministic generator (xorshift64*), so that a failing head
/// comes back on every run.
struct Noise(u64);

impl Noise {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, bound: usize) -> usize {
        usize::try_from(self.next() % bound.max(1) as u64).unwrap_or(0)
    }
}

#[test]
fn the_request_reader_keeps_its_laws_on_generated_heads() {
    let seeds: [&[u8]; 8] = [
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        b"HEAD /lab.js?v=1 HTTP/1.0\n\n",
        b"GET /%2e%2e/%2E%2e%2fsecret HTTP/1.1\r\n\r\n",
        b"GET /a/b/../c.js HTTP/1.1\r\nA: b\r\n\r\n",
        b"GET //etc/passwd HTTP/1.1\r\n\r\n",
        b"GET /\xc3\xa9t\xc3\xa9.js HTTP/1.1\r\n\r\n",
        b"POST /x HTTP/1.1\r\nContent-Length: 1\r\n\r\nx",
        b"GET /index.html HTTP/1.1\r\nX: ",
    ];
    let pieces: [&[u8]; 16] = [
        b"/",
        b".",
        b"..",
        b"%",
        b"%2e",
        b"%2f",
        b"%5c",
        b"%00",
        b"\r\n",
        b"\n",
        b" ",
        b":",
        b"\xff",
        b"\xc3",
        b"a",
        b"\r\n\r\n",
    ];
    let mut noise = Noise(0x9e37_79b9_7f4a_7c15);
    for case in 0..20_000 {
        let mut bytes = seeds[case % seeds.len()].to_vec();
        for _ in 0..noise.below(6) {
            let at = noise.below(bytes.len() + 1);
            match noise.below(4) {
                0 => bytes
                    .splice(at..at, pieces[noise.below(pieces.len())].iter().copied())
                    .for_each(drop),
                1 if at < bytes.len() => bytes[at] = noise.next().to_le_bytes()[0],
                2 => bytes.truncate(at),
                _ => {
                    let end = (at + noise.below(8)).min(bytes.len());
                    bytes.drain(at..end).for_each(drop);
                }
            }
        }
        if case % 500 == 0 {
            // Heads at and past the limit, with and without their end.
            let fill = MAX_HEAD_BYTES - 8 + noise.below(16);
            let at = bytes.len().min(noise.below(40));
            bytes
                .splice(at..at, std::iter::repeat_n(b'x', fill))
                .for_each(drop);
        }
        let cut = noise.below(bytes.len() + 1);
        assert_laws(&bytes, cut);
    }
}
