"""Phone seats: a human seat played from a phone on the home network (the server, the
page it serves, what a seat is told, and the playing scene's part that joins them)."""
