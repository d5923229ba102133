// Device data: reflects with `acc` use the profile's "device_channels"
// model, the others its "channels" (host) model; where the model needed is
// absent the runtime decides (auto, default policy hybrid) or the threshold
// rule does (policy=threshold), and the remark says so.
// Both models: they disagree on the same halo.
// RUN: xmp-opt %s --xmp-select-channels="profile=%S/Inputs/profile-device.json" \
// RUN:   | FileCheck %s --check-prefix=BOTH
// RUN: xmp-opt %s --xmp-select-channels="profile=%S/Inputs/profile-device.json remarks=true" \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=BOTHREM
// Device model only: host reflects fall back to the threshold rule.
// RUN: xmp-opt %s --xmp-select-channels="policy=threshold profile=%S/Inputs/profile-device-only.json" \
// RUN:   | FileCheck %s --check-prefix=DEV
// RUN: xmp-opt %s --xmp-select-channels="policy=threshold profile=%S/Inputs/profile-device-only.json remarks=true" \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEVREM
// RUN: xmp-opt %s --xmp-select-channels="policy=threshold profile=%S/Inputs/profile-device-only.json tca-max-bytes=100 remarks=true" \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEVMAX
// ... or, by default, to the runtime (auto).
// RUN: xmp-opt %s --xmp-select-channels="profile=%S/Inputs/profile-device-only.json remarks=true" \
// RUN:   2>&1 | FileCheck %s --check-prefix=DEVAUTO
// Host model only (a profile written before device channels existed):
// device reflects fall back to the threshold rule.
// RUN: xmp-opt %s --xmp-select-channels="policy=threshold profile=%S/Inputs/profile.json" \
// RUN:   | FileCheck %s --check-prefix=HOST
// RUN: xmp-opt %s --xmp-select-channels="policy=threshold profile=%S/Inputs/profile.json remarks=true" \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=HOSTREM
// Without a profile `acc` changes nothing.
// RUN: xmp-opt %s --xmp-select-channels="policy=threshold" | FileCheck %s --check-prefix=NOPROF
// RUN: xmp-opt %s --xmp-select-channels="policy=threshold remarks=true" -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOPROFREM
// RUN: xmp-opt %s --xmp-select-channels | FileCheck %s --check-prefix=NOPROFAUTO
// Profile errors.
// RUN: not xmp-opt %s --xmp-select-channels="profile=%S/Inputs/profile-empty.json" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EMPTY
// RUN: not xmp-opt %s --xmp-select-channels="profile=%S/Inputs/bad-device-profile.json" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADDEV

// EMPTY: error: xmp-select-channels: bad profile '{{.*}}profile-empty.json': missing object "channels" (host data) or "device_channels" (device data): at least one is required
// BADDEV: error: xmp-select-channels: bad profile '{{.*}}bad-device-profile.json': missing object "device_channels.ib.block"

// 2-D, block x block on a 2x2 grid: local block 34x34 f64. Dim 0 halo is
// one row (block, 272 B); dim 1 one element per row (stride, 272 B).
// Host model: dim 0 ib 5.03 us, tca 1.05 us; dim 1 ib 6.07, tca 2.14.
// Device model: dim 0 ib 2.01 us, tca 8.01 us; dim 1 ib 9.05, tca 1.05.
xmp.nodes @p(shape = 2x2)
xmp.template @t(shape = 64x64)
xmp.distribute @t onto @p [block, block]
!a = !xmp.darray<64x64xf64, @t, align [0, 1], shadow [1:1, 1:1]>

// BOTH-LABEL: func.func @host_and_device
// BOTH: xmp.reflect %{{.*}} channels [tca, tca] :
// BOTH: xmp.reflect %{{.*}} acc channels [ib, tca] :
// BOTH: xmp.reflect_init %{{.*}} acc channels [ib, tca] :
// BOTHREM: remark: dim 0: block, 272 bytes per message, neighbours same sub-cluster (assumed: sub-cluster size unknown) -> tca (profile host: ib 5.03 us, tca 1.05 us)
// BOTHREM: remark: dim 1: stride, 272 bytes per message, {{.*}} -> tca (profile host: ib 6.07 us, tca 2.14 us)
// BOTHREM: remark: dim 0: block, 272 bytes per message, neighbours same sub-cluster (assumed: sub-cluster size unknown) -> ib (profile device: ib 2.01 us, tca 8.01 us)
// BOTHREM: remark: dim 1: stride, 272 bytes per message, {{.*}} -> tca (profile device: ib 9.05 us, tca 1.05 us)
// BOTHREM: remark: dim 0: {{.*}} -> ib (profile device: ib 2.01 us, tca 8.01 us)
// BOTHREM-NOT: threshold rule

// DEV-LABEL: func.func @host_and_device
// DEV: xmp.reflect %{{.*}} channels [ib, tca] :
// DEV: xmp.reflect %{{.*}} acc channels [ib, tca] :
// DEVREM: remark: dim 0: block, 272 bytes per message, {{.*}} -> ib (contiguous halo; threshold rule: the profile has no "channels")
// DEVREM: remark: dim 1: stride, 272 bytes per message, {{.*}} -> tca (strided halo; threshold rule: the profile has no "channels")
// DEVREM: remark: dim 0: block, 272 bytes per message, {{.*}} -> ib (profile device: ib 2.01 us, tca 8.01 us)
// DEVREM: remark: dim 1: stride, 272 bytes per message, {{.*}} -> tca (profile device: ib 9.05 us, tca 1.05 us)
// DEVMAX: remark: dim 1: stride, 272 bytes per message, {{.*}} -> ib (larger than tca-max-bytes 100; threshold rule: the profile has no "channels")
// DEVMAX: remark: dim 1: stride, 272 bytes per message, {{.*}} -> tca (profile device: ib 9.05 us, tca 1.05 us)

// DEVAUTO: remark: dim 0: block, 272 bytes per message, {{.*}} -> auto (no measured model; the profile has no "channels": the runtime uses tca for peers it can map, ib for the others)
// DEVAUTO: remark: dim 1: stride, 272 bytes per message, {{.*}} -> auto (no measured model; the profile has no "channels": the runtime uses tca for peers it can map, ib for the others)
// DEVAUTO: remark: dim 0: block, 272 bytes per message, {{.*}} -> ib (profile device: ib 2.01 us, tca 8.01 us)
// DEVAUTO: remark: dim 1: stride, 272 bytes per message, {{.*}} -> tca (profile device: ib 9.05 us, tca 1.05 us)
// DEVAUTO-LABEL: func.func @host_and_device
// DEVAUTO: xmp.reflect %{{.*}} channels [auto, auto] :
// DEVAUTO: xmp.reflect %{{.*}} acc channels [ib, tca] :

// HOST-LABEL: func.func @host_and_device
// HOST: xmp.reflect %{{.*}} channels [tca, tca] :
// HOST: xmp.reflect %{{.*}} acc channels [ib, tca] :
// HOSTREM: remark: dim 0: block, {{.*}} -> tca (profile host: ib 5.03 us, tca 1.05 us)
// HOSTREM: remark: dim 1: stride, {{.*}} -> tca (profile host: ib 6.07 us, tca 2.14 us)
// HOSTREM: remark: dim 0: block, 272 bytes per message, {{.*}} -> ib (contiguous halo; threshold rule: the profile has no "device_channels")
// HOSTREM: remark: dim 1: stride, 272 bytes per message, {{.*}} -> tca (strided halo; threshold rule: the profile has no "device_channels")

// NOPROF-LABEL: func.func @host_and_device
// NOPROF: xmp.reflect %{{.*}} channels [ib, tca] :
// NOPROF: xmp.reflect %{{.*}} acc channels [ib, tca] :
// NOPROFREM: remark: dim 0: block, {{.*}} -> ib (contiguous halo)
// NOPROFREM-NOT: threshold rule
// NOPROFAUTO-LABEL: func.func @host_and_device
// NOPROFAUTO: xmp.reflect %{{.*}} channels [auto, auto] :
// NOPROFAUTO: xmp.reflect %{{.*}} acc channels [auto, auto] :
// NOPROFAUTO: xmp.reflect_init %{{.*}} acc channels [auto, auto] :
func.func @host_and_device(%a: !a) {
  xmp.reflect %a : !a
  xmp.reflect %a acc : !a
  %p = xmp.reflect_init %a acc : !a -> !xmp.reflect_plan
  xmp.reflect_do %p
  return
}
