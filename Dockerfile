# astroapi: one static-ish binary (cgo, libswe linked statically), the
# Swiss Ephemeris data files from Debian, the precomputed tables built at
# image build time, and the geocoding index.
#
#   docker build -t astroapi .
#   docker run -p 8080:8080 -v astroapi-data:/var/lib/astroapi astroapi
#   docker run ... -e ASTROAPI_STORE=postgres://user:pass@db/astroapi astroapi   # shared store
#
# The image serves production: it creates no development account (unlike
# `make run`); create keys with `astroapi keys create` or the console.

FROM golang:1.26-bookworm AS build
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libswe-dev swe-basic-data nodejs npm \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# The docs pages' Swagger UI and Scalar and the console's uPlot (npm, pinned by http/docsui's lock) are embedded.
RUN make docs-ui \
 && CGO_ENABLED=1 go build -trimpath -ldflags "-s -w" -o /out/astroapi ./cmd/astroapi \
 && /out/astroapi gen --out /out/ephemeris.bolt

FROM debian:bookworm-slim
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends swe-basic-data ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --home /var/lib/astroapi --create-home astroapi
COPY --from=build /out/astroapi /usr/local/bin/astroapi
COPY --from=build /out/ephemeris.bolt /usr/share/astroapi/ephemeris.bolt
COPY --from=build /src/data/places.tsv.zst /usr/share/astroapi/places.tsv.zst
COPY --from=build /src/LICENSE /src/NOTICE /usr/share/astroapi/
USER astroapi
WORKDIR /var/lib/astroapi
VOLUME /var/lib/astroapi
ENV ASTROAPI_ADDR=0.0.0.0:8080 \
    ASTROAPI_STORE=/var/lib/astroapi/astroapi.db \
    ASTROAPI_TABLES=/usr/share/astroapi/ephemeris.bolt \
    ASTROAPI_PLACES=/usr/share/astroapi/places.tsv.zst \
    ASTROAPI_EPHE=/usr/share/libswe/ephe \
    ASTROAPI_DEV_ACCOUNT=false
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s CMD ["astroapi", "health", "--url", "http://127.0.0.1:8080/readyz"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["astroapi"]
CMD ["serve"]
