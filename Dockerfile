# Build stage: the official Swift toolchain image.
FROM swift:6.3-noble AS build
WORKDIR /src
COPY Package.swift ./
COPY Plugins ./Plugins
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --product bigtwo-server \
 && swift build -c release --product bigtwo-client \
 && mkdir -p /out \
 && cp "$(swift build -c release --show-bin-path)/bigtwo-server" /out/ \
 && cp "$(swift build -c release --show-bin-path)/bigtwo-client" /out/

# Runtime stage: the slim Swift runtime image, run as an unprivileged user.
FROM swift:6.3-noble-slim
RUN useradd --system --create-home --uid 10001 bigtwo \
 && mkdir -p /data && chown bigtwo:bigtwo /data
COPY --from=build /out/bigtwo-server /out/bigtwo-client /usr/local/bin/
USER bigtwo
ENV BIGTWO_HOST=0.0.0.0 \
    BIGTWO_PORT=7777 \
    BIGTWO_DATA_DIR=/data
EXPOSE 7777
VOLUME ["/data"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/bigtwo-server"]
