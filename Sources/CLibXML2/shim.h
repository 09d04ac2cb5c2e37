#pragma once
// libxml2 built with ICU pulls in the system's ICU headers, which clash with the copy Foundation
// ships. Nothing here uses libxml2's ICU converters (the only structs it changes hold them as
// trailing pointers, never read from Swift), so their declarations are left out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
