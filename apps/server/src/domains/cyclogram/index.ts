// What the cyclogram domain offers the other domains and the transport: import it from here, never from a file
// inside (docs/architecture.md, "Boundaries").
export { getCyclogram, listColors, saveCyclogram, setColor } from './service';
