//! Which requests the server lets in: those addressed to it by a name it
//! serves (`Host`), from its own page or from no page (`Origin`), and for
//! the API's POSTs, JSON (`Content-Type`). A page of another site can then
//! neither drive the API (its JSON POST needs a preflight that is never
//! granted, and its `Origin` is refused) nor read it by DNS rebinding (its
//! name is not a served `Host`).

use crate::serve::Reply;
use axum::http::header::{CONTENT_TYPE, HOST, ORIGIN};
use axum::http::request::Parts;
use axum::http::Method;
use std::net::{IpAddr, SocketAddr};

/// The names and the port a request may address.
pub struct Hosts {
    port: u16,
    /// Lower case; IPv6 addresses in brackets.
    names: Vec<String>,
    /// Bound to every address (`0.0.0.0`, `::`): any IP address is
    /// accepted as the host, since no rebinding goes through an address.
    any_address: bool,
}

impl Hosts {
    /// For a server asked to listen on `host`, bound to `bound`, with the
    /// extra names `allowed`.
    pub fn new(host: &str, bound: SocketAddr, allowed: &[String]) -> Hosts {
        let ip = bound.ip();
        let mut names = vec![bracketed(host)];
        if ip.is_loopback() || ip.is_unspecified() {
            names.push("localhost".into());
        }
        if !ip.is_unspecified() {
            names.push(bracketed(&ip.to_string()));
        }
        names.extend(allowed.iter().map(|n| bracketed(n)));
        Hosts {
            port: bound.port(),
            names,
            any_address: ip.is_unspecified(),
        }
    }

    /// Whether `authority` (`name` or `name:port`) is this server.
    fn allows(&self, authority: &str) -> bool {
        let Some((name, port)) = split_authority(authority) else {
            return false;
        };
        let name = name.to_ascii_lowercase();
        port == self.port && (self.names.contains(&name) || (self.any_address && is_address(&name)))
    }
}

/// A name as a `Host` header writes it: lower case, an IPv6 address in
/// brackets.
fn bracketed(name: &str) -> String {
    match name.parse::<IpAddr>() {
        Ok(IpAddr::V6(v6)) => format!("[{v6}]"),
        Ok(ip) => ip.to_string(),
        Err(_) => name.to_ascii_lowercase(),
    }
}

fn is_address(name: &str) -> bool {
    let bare = name.trim_start_matches('[').trim_end_matches(']');
    bare.parse::<IpAddr>().is_ok()
}

/// `name:port` or `name` (port 80), `[v6]:port` or `[v6]`.
fn split_authority(authority: &str) -> Option<(&str, u16)> {
    let (name, port) = match authority.rfind(':') {
        Some(i) if !authority[i..].contains(']') => (&authority[..i], Some(&authority[i + 1..])),
        _ => (authority, None),
    };
    let port = match port {
        None => 80,
        Some(p) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => p.parse().ok()?,
        Some(_) => return None,
    };
    (!name.is_empty()).then_some((name, port))
}

/// Refuses a request that is not addressed to this server, comes from
/// another origin, or posts to the API in another format than JSON.
pub fn check(hosts: &Hosts, parts: &Parts) -> Result<(), Reply> {
    let mut host_headers = parts.headers.get_all(HOST).iter();
    let host = match (host_headers.next(), host_headers.next()) {
        (Some(h), None) => h.to_str().unwrap_or(""),
        _ => return Err(Reply::error(400, "a request names its host once (Host)")),
    };
    let uri_host = parts.uri.authority().map(|a| a.as_str());
    if !hosts.allows(host) || uri_host.is_some_and(|a| !hosts.allows(a)) {
        return Err(Reply::error(
            403,
            format!(
                "`{host}` is not this server's address: it answers to its own address \
                 and port (and names given with --allow-host)"
            ),
        ));
    }
    if let Some(origin) = parts.headers.get(ORIGIN) {
        let origin = origin.to_str().unwrap_or("");
        let own = origin
            .strip_prefix("http://")
            .is_some_and(|o| o.eq_ignore_ascii_case(host));
        if !own {
            return Err(Reply::error(
                403,
                format!("a request from the page at `{origin}` is refused: only this server's own page may use it"),
            ));
        }
    }
    if parts.method == Method::POST && parts.uri.path().starts_with("/api/") {
        let media = parts
            .headers
            .get(CONTENT_TYPE)
            .and_then(|c| c.to_str().ok())
            .and_then(|c| c.split(';').next())
            .map(str::trim);
        if !media.is_some_and(|m| m.eq_ignore_ascii_case("application/json")) {
            return Err(Reply::error(
                415,
                "the API's requests are JSON: send Content-Type: application/json",
            ));
        }
    }
    Ok(())
}
