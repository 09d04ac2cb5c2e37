/* The peer of bench/writer: builds the same N focus-block events as Spotter's streaming writer,
 * with plain libical C and as one DOM (every VEVENT added to one VCALENDAR), serialises it with
 * icalcomponent_as_ical_string_r and writes it out. Prints the time and peak memory.
 *
 *   cc -O2 bench/libical_dom.c $(pkg-config --cflags --libs libical) -o libical_dom
 *   ./libical_dom N OUT.ics
 */
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static icalproperty *zoned(icalproperty *(*make)(struct icaltimetype), time_t instant, icaltimezone *zone) {
  struct icaltimetype local = icaltime_from_timet_with_zone(instant, 0, zone);
  local.zone = NULL;
  icalproperty *property = make(local);
  icalproperty_add_parameter(property, icalparameter_new_tzid("Europe/Berlin"));
  return property;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: libical_dom N OUT.ics\n");
    return 64;
  }
  long count = atol(argv[1]);
  struct timespec began, ended;
  clock_gettime(CLOCK_MONOTONIC, &began);
  icaltimezone *zone = icaltimezone_get_builtin_timezone("Europe/Berlin");
  icaltimezone *utc = icaltimezone_get_utc_timezone();
  const time_t stamp = 1795379400, first = 1795420800;
  icalcomponent *calendar = icalcomponent_new_vcalendar();
  icalcomponent_add_property(calendar, icalproperty_new_prodid("-//Spotter//Spotter Reminders 1.0//EN"));
  icalcomponent_add_property(calendar, icalproperty_new_version("2.0"));
  icalcomponent_add_property(calendar, icalproperty_new_calscale("GREGORIAN"));
  icalcomponent *vtimezone = icalcomponent_new_clone(icaltimezone_get_component(zone));
  icaltimezone_truncate_vtimezone(vtimezone, icaltime_from_timet_with_zone(first, 0, utc),
                                  icaltime_from_timet_with_zone(first + (count / 400 + 2) * 86400, 0, utc), 0);
  icalproperty_set_tzid(icalcomponent_get_first_property(vtimezone, ICAL_TZID_PROPERTY), "Europe/Berlin");
  icalcomponent_add_component(calendar, vtimezone);
  char text[96];
  for (long index = 0; index < count; index++) {
    time_t start = first + (index / 400) * 86400 + (index % 400) * 120;
    icalcomponent *event = icalcomponent_new_vevent();
    snprintf(text, sizeof text, "focus-block-start-%ld-2026@spotter", index);
    icalcomponent_add_property(event, icalproperty_new_uid(text));
    icalcomponent_add_property(event, icalproperty_new_dtstamp(icaltime_from_timet_with_zone(stamp, 0, utc)));
    icalcomponent_add_property(event, zoned(icalproperty_new_dtstart, start, zone));
    icalcomponent_add_property(event, zoned(icalproperty_new_dtend, start + 1800, zone));
    icalcomponent_add_property(event, icalproperty_new_summary("Deep work"));
    snprintf(text, sizeof text, "Focus block %ld", index);
    icalcomponent_add_property(event, icalproperty_new_description(text));
    icalcomponent_add_property(event, icalproperty_new_categories("Spotter,Focus"));
    icalcomponent_add_property(event, icalproperty_new_sequence(0));
    icalcomponent_add_property(event, icalproperty_new_status(ICAL_STATUS_CONFIRMED));
    icalcomponent_add_property(event, icalproperty_new_transp(ICAL_TRANSP_OPAQUE));
    icalcomponent *alarm = icalcomponent_new_valarm();
    icalcomponent_add_property(alarm, icalproperty_new_action(ICAL_ACTION_DISPLAY));
    icalcomponent_add_property(alarm, icalproperty_new_description("Deep work starts"));
    icalcomponent_add_property(alarm, icalproperty_new_trigger(icaltriggertype_from_int(-300)));
    icalcomponent_add_component(event, alarm);
    icalcomponent_add_component(calendar, event);
  }
  char *buffer = icalcomponent_as_ical_string_r(calendar);
  FILE *file = fopen(argv[2], "w");
  if (!file || fwrite(buffer, 1, strlen(buffer), file) != strlen(buffer)) return 73;
  fclose(file);
  icalmemory_free_buffer(buffer);
  icalcomponent_free(calendar);
  clock_gettime(CLOCK_MONOTONIC, &ended);
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  printf("libical-dom %ld events: %.3f s, peak %.1f MB\n", count,
         (ended.tv_sec - began.tv_sec) + (ended.tv_nsec - began.tv_nsec) / 1e9, usage.ru_maxrss / 1024.0);
  return 0;
}
