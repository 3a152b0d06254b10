import net from 'node:net';

/** The machines' Mosquitto (README): the MQTT tests run where it answers. */
export const MQTT_URL = 'mqtt://127.0.0.1:1883';

/** Whether the test broker answers on its port (the real-services run has Mosquitto). */
export const brokerUp = () =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(1883, '127.0.0.1');
    s.setTimeout(1000);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
    s.once('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
