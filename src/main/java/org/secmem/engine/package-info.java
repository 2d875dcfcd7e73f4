/**
 * Sort engines other than secmem's own (the registry {@link org.secmem.engine.KnownEngines} names
 * them): the interface they implement, what they are given and what they report. An engine lives in
 * a module of its own, kept out of the core jar, and is found on the class path by its name ({@link
 * SortEngines}); the core runs it as one more configuration of the sort experiment, in the same
 * rows.
 */
package org.secmem.engine;
