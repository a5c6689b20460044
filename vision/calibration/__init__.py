"""The parts of a cabinet's dice calibration (:mod:`vision.calibrate` runs
them on a labelled folder; the guided flow, :mod:`firmware.calibration`,
on the cabinet): the calibration file (:mod:`~vision.calibration.file`),
the labelled photos' finds and windows (:mod:`~vision.calibration.photos`),
the last layers and face prototypes (:mod:`~vision.calibration.layers`),
the face window (:mod:`~vision.calibration.window_fit`), the value
threshold (:mod:`~vision.calibration.threshold`), the candidates and the
one kept (:mod:`~vision.calibration.candidates`) and the confirmation
rule (:mod:`~vision.calibration.confirm`)."""
