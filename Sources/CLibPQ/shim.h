#ifndef MOSAIC_CLIBPQ_SHIM_H
#define MOSAIC_CLIBPQ_SHIM_H

// The system libpq (libpq-dev), used only by MosaicData's PostgreSQL sources: the client library
// every PostgreSQL tool links, so connection strings, PGHOST and friends, ~/.pgpass, service
// files and TLS behave as they do for psql.
#include <libpq-fe.h>

#endif
