# Hostile input over every surface, 10,000 requests: heap after GC within 1.2x of warm-up (needs --expose-gc).
npm run --silent test:leak
