# The draughts-api image: a Rust build stage, then a distroless runtime with nothing but the
# binary and the C runtime it links (glibc, libgcc). No shell, no package manager.
#
#   docker build -t draughts-api:0.1.0 .
#   docker run --rm -p 8080:8080 draughts-api:0.1.0
#
# CI cannot build images (no Docker engine there), so `.ci/run` builds what this file builds
# with the same command (`cargo build --locked --release`), lints this file with hadolint, and
# checks that every source file the release build reads is in the build context and copied
# below (`.ci/deploy-checks`).

ARG RUST_VERSION=1.95.0

FROM rust:${RUST_VERSION}-slim-bookworm AS build
WORKDIR /src

# Dependencies first, in their own layer: this is rebuilt only when Cargo.toml, Cargo.lock or
# the compiler flags change. Stub targets stand in for the sources (the bench target must exist
# for the manifest to load).
COPY Cargo.toml Cargo.lock ./
COPY .cargo/ .cargo/
RUN mkdir src benches \
    && echo 'fn main() {}' > src/main.rs \
    && echo '//! stub' > src/lib.rs \
    && echo 'fn main() {}' > benches/requests.rs \
    && cargo build --locked --release \
    && rm -r src benches

# The service itself. The stubs' build is newer than the copied sources, so touch the roots:
# cargo then rebuilds the crate instead of keeping the stub binary.
COPY src/ src/
COPY benches/ benches/
# The opening books the binary carries (include_bytes!, src/engine/book/probe.rs).
COPY data/books/ data/books/
RUN touch src/main.rs src/lib.rs \
    && cargo build --locked --release \
    && install -D -m 0755 target/release/draughts-api /out/draughts-api

# The default endgame databases (docs/endgame.md, "Ship them"): every variant that has them, up
# to 4 pieces (Turkish, on 64 squares, to 3), built by the binary itself; the packed files and
# the working files both, which the search reads at full speed.
RUN for spec in english:4 russian:4 brazilian:4 international:4 spanish:4 italian:4 czech:4 turkish:3 pool:4 thai:4; do \
        /out/draughts-api endgame --quiet --variant "${spec%:*}" --pieces "${spec#*:}" --dir /out/endgame || exit 1; \
    done

# nonroot: uid/gid 65532, numeric so that Kubernetes' runAsNonRoot can verify it.
FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=build /out/draughts-api /usr/local/bin/draughts-api
COPY --from=build /out/endgame/ /var/lib/draughts-api/endgame/
USER 65532:65532
ENV PORT=8080 \
    LOG_FORMAT=json
EXPOSE 8080
# No HEALTHCHECK: there is no shell or HTTP client in the image to run one, and Kubernetes
# ignores it anyway. The Deployment's probes call /healthz (liveness, startup) and /readyz
# (readiness) instead (k8s/base/deployment.yaml).
ENTRYPOINT ["/usr/local/bin/draughts-api"]
