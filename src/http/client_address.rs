//! `client_address`: the address a request counts against (the rate limit). Without trusted
//! proxies it is the peer's. Behind them (`TRUSTED_PROXIES`), it is read from `Forwarded`
//! (RFC 7239) or `X-Forwarded-For`, walking the chain from the nearest hop back and taking the
//! first address that is not a trusted proxy: hops a client wrote itself come before that and
//! are never believed.

use std::net::IpAddr;

use actix_web::http::header::{HeaderMap, HeaderName};
use ipnet::IpNet;

/// The `Forwarded` header (RFC 7239).
const FORWARDED: HeaderName = HeaderName::from_static("forwarded");
/// The `X-Forwarded-For` header.
const X_FORWARDED_FOR: HeaderName = HeaderName::from_static("x-forwarded-for");

/// The client's address: `peer` unless it is a trusted proxy that says whom it forwards for.
pub fn client_address(peer: IpAddr, headers: &HeaderMap, trusted: &[IpNet]) -> IpAddr {
    let is_trusted = |address: &IpAddr| trusted.iter().any(|block| block.contains(address));
    if !is_trusted(&peer) {
        return peer;
    }
    let hops = forwarded_hops(headers);
    let mut client = peer;
    for hop in hops.iter().rev() {
        match hop {
            Some(address) => {
                client = *address;
                if !is_trusted(address) {
                    break;
                }
            }
            // An obfuscated or unreadable hop: nothing before it can be traced.
            None => break,
        }
    }
    client
}

/// The forwarding chain, first hop first: `Forwarded`'s `for=` parameters if the header is
/// there, else `X-Forwarded-For`'s addresses. `None` for a hop that names no address.
fn forwarded_hops(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    let values = |name: &HeaderName| {
        headers.get_all(name).filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(',')).map(str::trim).collect()
    };
    let forwarded: Vec<&str> = values(&FORWARDED);
    if !forwarded.is_empty() {
        return forwarded
            .iter()
            .map(|element| {
                element
                    .split(';')
                    .filter_map(|pair| pair.trim().split_once('='))
                    .find(|(key, _)| key.trim().eq_ignore_ascii_case("for"))
                    .and_then(|(_, node)| parse_node(node.trim().trim_matches('"')))
            })
            .collect();
    }
    let forwarded_for: Vec<&str> = values(&X_FORWARDED_FOR);
    forwarded_for.iter().map(|hop| parse_node(hop)).collect()
}

/// An address as a proxy writes it: `192.0.2.1`, `192.0.2.1:4711`, `[2001:db8::1]` or
/// `[2001:db8::1]:4711`, or a bare IPv6 address.
fn parse_node(node: &str) -> Option<IpAddr> {
    if let Ok(address) = node.parse() {
        return Some(address);
    }
    if let Some(rest) = node.strip_prefix('[') {
        return rest.split_once(']').and_then(|(address, _)| address.parse().ok());
    }
    node.rsplit_once(':').and_then(|(address, port)| port.parse::<u16>().ok().and(address.parse().ok()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::http::header::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(HeaderName::from_static(name), HeaderValue::from_static(value));
        }
        map
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn trusted() -> Vec<IpNet> {
        vec!["10.0.0.0/8".parse().unwrap(), "fd00::/8".parse().unwrap()]
    }

    #[test]
    fn without_trusted_proxies_the_peer_counts_whatever_the_headers_say() {
        let spoofed = headers(&[("x-forwarded-for", "203.0.113.9")]);
        assert_eq!(client_address(ip("10.1.2.3"), &spoofed, &[]), ip("10.1.2.3"));
        assert_eq!(client_address(ip("198.51.100.4"), &spoofed, &trusted()), ip("198.51.100.4"));
    }

    #[test]
    fn behind_trusted_proxies_the_nearest_untrusted_hop_counts() {
        let chain = headers(&[("x-forwarded-for", "6.6.6.6, 203.0.113.9, 10.0.0.7")]);
        assert_eq!(client_address(ip("10.1.2.3"), &chain, &trusted()), ip("203.0.113.9"));
        let split = headers(&[("x-forwarded-for", "6.6.6.6"), ("x-forwarded-for", "203.0.113.9:5000")]);
        assert_eq!(client_address(ip("10.1.2.3"), &split, &trusted()), ip("203.0.113.9"));
    }

    #[test]
    fn forwarded_is_read_before_x_forwarded_for() {
        let both = headers(&[
            ("forwarded", r#"for=6.6.6.6, for="[2001:db8::1]:4711";proto=https, for=10.0.0.7"#),
            ("x-forwarded-for", "198.51.100.1"),
        ]);
        assert_eq!(client_address(ip("fd00::1"), &both, &trusted()), ip("2001:db8::1"));
    }

    #[test]
    fn an_all_trusted_chain_gives_its_first_hop_and_an_unknown_hop_stops_the_walk() {
        let internal = headers(&[("x-forwarded-for", "10.9.9.9, 10.0.0.7")]);
        assert_eq!(client_address(ip("10.1.2.3"), &internal, &trusted()), ip("10.9.9.9"));
        let hidden = headers(&[("forwarded", "for=6.6.6.6, for=_hidden, for=10.0.0.7")]);
        assert_eq!(client_address(ip("10.1.2.3"), &hidden, &trusted()), ip("10.0.0.7"));
        assert_eq!(client_address(ip("10.1.2.3"), &HeaderMap::new(), &trusted()), ip("10.1.2.3"));
    }
}
