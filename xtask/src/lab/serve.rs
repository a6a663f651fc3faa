//! A static file server for the lab on localhost: enough HTTP/1.1 for a
//! browser to load `target/lab/` (GET and HEAD, one thread per
//! connection, `Connection: close`).

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};

/// Binds `127.0.0.1:port` (`0` picks a free port) for serving `root`.
pub fn bind(port: u16) -> std::io::Result<TcpListener> {
    TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], port)))
}

/// Serves `root` on `listener` until the process ends.
pub fn serve(listener: TcpListener, root: PathBuf) {
    for stream in listener.incoming().flatten() {
        let root = root.clone();
        std::thread::spawn(move || {
            let _ = answer(stream, &root);
        });
    }
}

fn answer(mut stream: TcpStream, root: &Path) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    // Read the headers to their end, so the browser sees a clean close.
    let mut header = String::new();
    while reader.read_line(&mut header)? > 2 {
        header.clear();
    }
    let mut words = request_line.split_whitespace();
    let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or("/"));
    if method != "GET" && method != "HEAD" {
        return reply(
            &mut stream,
            "405 Method Not Allowed",
            "text/plain",
            b"GET or HEAD only\n",
            true,
        );
    }
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let Some(file) = file_for(root, path) else {
        return reply(
            &mut stream,
            "404 Not Found",
            "text/plain",
            b"not found\n",
            method == "GET",
        );
    };
    match std::fs::read(&file) {
        Ok(body) => reply(
            &mut stream,
            "200 OK",
            content_type(&file),
            &body,
            method == "GET",
        ),
        Err(_) => reply(
            &mut stream,
            "404 Not Found",
            "text/plain",
            b"not found\n",
            method == "GET",
        ),
    }
}

/// The file a request path names under `root`: `/` is `index.html`; a
/// path with `..`, a backslash or an absolute part names nothing.
fn file_for(root: &Path, path: &str) -> Option<PathBuf> {
    let relative = path.trim_start_matches('/');
    let relative = if relative.is_empty() {
        "index.html"
    } else {
        relative
    };
    let safe = relative
        .split('/')
        .all(|part| !part.is_empty() && part != ".." && part != "." && !part.contains('\\'));
    safe.then(|| root.join(relative))
}

fn content_type(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("png") => "image/png",
        Some("svg") => "image/svg+xml",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

fn reply(
    stream: &mut TcpStream,
    status: &str,
    kind: &str,
    body: &[u8],
    with_body: bool,
) -> std::io::Result<()> {
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-store\r\n\
         Connection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    if with_body {
        stream.write_all(body)?;
    }
    stream.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_stay_under_the_root() {
        let root = Path::new("/srv/lab");
        assert_eq!(file_for(root, "/"), Some(root.join("index.html")));
        assert_eq!(file_for(root, "/lab.js"), Some(root.join("lab.js")));
        assert_eq!(file_for(root, "/../secret"), None);
        assert_eq!(file_for(root, "/a//b"), None);
    }

    #[test]
    fn a_served_file_comes_back_with_its_type() -> std::io::Result<()> {
        use std::io::Read;
        let dir = std::env::temp_dir().join(format!("lab-serve-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        std::fs::write(dir.join("index.html"), "<p>hi</p>")?;
        let listener = bind(0)?;
        let address = listener.local_addr()?;
        let root = dir.clone();
        std::thread::spawn(move || serve(listener, root));
        let mut stream = TcpStream::connect(address)?;
        stream.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")?;
        let mut response = String::new();
        stream.read_to_string(&mut response)?;
        std::fs::remove_dir_all(&dir)?;
        assert!(response.starts_with("HTTP/1.1 200 OK\r\n"), "{response}");
        assert!(response.contains("Content-Type: text/html"), "{response}");
        assert!(response.ends_with("<p>hi</p>"), "{response}");
        Ok(())
    }
}
