// rsp: the register scratchpad of the hybrid register cache / scratchpad (Bailey et al. Secs.
// III-A2, III-A3, III-B; after Gebhart et al. [5]), one per scheduler: Pool x Regs warp
// registers without tags, entry = slot x Regs + register. Reads answer the next cycle with the
// data before this cycle's writes; writes merge their lanes by port order. An access naming a
// slot >= Pool or a register >= Regs does nothing (rsp_valid stays 0).
// Contract identical to cmodel/rsp.h.
// Build-time fault variant for harness self-tests: FAULT_RSP_WRITE_NEXT (a write lands in the
// next entry).
// Proof-only fault variants (make formal): FORMAL_FAULT_RSP_PORT_ORDER (the first write port
// wins a lane), FORMAL_FAULT_RSP_MASK_IGNORED (a write stores every lane),
// FORMAL_FAULT_RSP_READ_NEW (a read sees this cycle's writes), FORMAL_FAULT_RSP_POOL_UNCHECKED
// (a slot >= Pool reads an entry), FORMAL_FAULT_RSP_REG_IGNORED (the entry ignores the
// register), FORMAL_FAULT_RSP_HALF_LANE (a write stores the low 16 bits of a lane),
// FORMAL_FAULT_RSP_NO_RESET (reset leaves the data), FORMAL_FAULT_RSP_PORT1_DROPPED (write port
// 1 is ignored), FORMAL_FAULT_RSP_VALID_HELD (an answer's valid bit stays up a cycle longer).
// Property (`ifdef FORMAL, make formal): against a memory indexed by (slot, register) directly,
// a read inside the pool answers the next cycle with each lane as last written (the last
// port writing it winning), and a read outside it is not answered.
module rsp #(
    parameter Lanes  = 32,
    parameter Pool   = 4,
    parameter Regs   = 2,
    parameter RPorts = 6,
    parameter WPorts = 2
) (
    input  wire                        clk_i,
    input  wire                        rst_ni,
    input  wire [RPorts-1:0]           rd_valid_i,
    input  wire [RPorts*SlotBits-1:0]  rd_slot_i,
    input  wire [RPorts*RegBits-1:0]   rd_reg_i,
    input  wire [WPorts-1:0]           wr_valid_i,
    input  wire [WPorts*SlotBits-1:0]  wr_slot_i,
    input  wire [WPorts*RegBits-1:0]   wr_reg_i,
    input  wire [WPorts*DataBits-1:0]  wr_data_i,
    input  wire [WPorts*Lanes-1:0]     wr_mask_i,
    output reg  [RPorts-1:0]           rsp_valid_o,
    output reg  [RPorts*DataBits-1:0]  rsp_data_o
);
  localparam SlotBits = (Pool > 1) ? $clog2(Pool) : 1;
  localparam RegBits  = (Regs > 1) ? $clog2(Regs) : 1;
  localparam DataBits = Lanes * 32;
  localparam integer Entries = Pool * Regs;

  reg [Entries*DataBits-1:0] data_q;

  // the write of an entry's address lands in the entry (the fault: in the next one)
`ifdef FAULT_RSP_WRITE_NEXT
  localparam integer Shift = 1;
`else
  localparam integer Shift = 0;
`endif
  // the proof-only faults of the write path as constants: port order, mask, lane width, port 1
`ifdef FORMAL_FAULT_RSP_PORT_ORDER
  function integer KOrd(input integer k); KOrd = WPorts - 1 - k; endfunction
`else
  function integer KOrd(input integer k); KOrd = k; endfunction
`endif
`ifdef FORMAL_FAULT_RSP_MASK_IGNORED
  localparam MaskOff = 1'b1;
`else
  localparam MaskOff = 1'b0;
`endif
`ifdef FORMAL_FAULT_RSP_HALF_LANE
  localparam integer LaneBits = 16;
`else
  localparam integer LaneBits = 32;
`endif
`ifdef FORMAL_FAULT_RSP_PORT1_DROPPED
  localparam Port1Off = 1'b1;
`else
  localparam Port1Off = 1'b0;
`endif
  // port addresses (slot, register) as entry numbers: e = slot x Regs + register matches
  // exactly one entry when slot < Pool and register < Regs
  function hits(input [SlotBits-1:0] s, input [RegBits-1:0] r, input integer e);
`ifdef FORMAL_FAULT_RSP_REG_IGNORED
    hits = {{(32-SlotBits){1'b0}}, s} == e / Regs && (e % Regs == 0 || r == {RegBits{1'b1}});
`else
    hits = {{(32-SlotBits){1'b0}}, s} == e / Regs && {{(32-RegBits){1'b0}}, r} == e % Regs;
`endif
  endfunction

  reg [RPorts*DataBits-1:0] rd_data;
  reg [RPorts-1:0]          rd_ok;
  integer p, k, n, e;
  always @* begin
    rd_data = {RPorts*DataBits{1'b0}};
    rd_ok = {RPorts{1'b0}};
    for (p = 0; p < RPorts; p = p + 1)
      for (e = 0; e < Entries; e = e + 1)
        if (rd_valid_i[p] && hits(rd_slot_i[p*SlotBits +: SlotBits], rd_reg_i[p*RegBits +: RegBits], e)) begin
          rd_ok[p] = 1'b1;
          rd_data[p*DataBits +: DataBits] = data_q[e*DataBits +: DataBits];
        end
`ifdef FORMAL_FAULT_RSP_POOL_UNCHECKED
    for (p = 0; p < RPorts; p = p + 1)
      if (rd_valid_i[p] && {{(32-SlotBits){1'b0}}, rd_slot_i[p*SlotBits +: SlotBits]} >= Pool) begin
        rd_ok[p] = 1'b1;
        rd_data[p*DataBits +: DataBits] = data_q[DataBits-1:0];
      end
`endif
`ifdef FORMAL_FAULT_RSP_READ_NEW
    for (p = 0; p < RPorts; p = p + 1)
      for (k = 0; k < WPorts; k = k + 1)
        if (rd_ok[p] && wr_valid_i[k] && wr_slot_i[k*SlotBits +: SlotBits] == rd_slot_i[p*SlotBits +: SlotBits] &&
            wr_reg_i[k*RegBits +: RegBits] == rd_reg_i[p*RegBits +: RegBits])
          rd_data[p*DataBits +: DataBits] = wr_data_i[k*DataBits +: DataBits];
`endif
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
`ifndef FORMAL_FAULT_RSP_NO_RESET
      for (e = 0; e < Entries; e = e + 1) data_q[e*DataBits +: DataBits] <= {DataBits{1'b0}};
`endif
      rsp_valid_o <= {RPorts{1'b0}};
      rsp_data_o  <= {RPorts*DataBits{1'b0}};
    end else begin
`ifdef FORMAL_FAULT_RSP_VALID_HELD
      rsp_valid_o <= rd_ok | rsp_valid_o;
`else
      rsp_valid_o <= rd_ok;
`endif
      rsp_data_o  <= rd_data;
      for (e = 0; e < Entries; e = e + 1)
        for (k = 0; k < WPorts; k = k + 1)
          if (wr_valid_i[KOrd(k)] && hits(wr_slot_i[KOrd(k)*SlotBits +: SlotBits], wr_reg_i[KOrd(k)*RegBits +: RegBits],
                                    (e + Entries - Shift) % Entries) && !(Port1Off && KOrd(k) == 1))
            for (n = 0; n < Lanes; n = n + 1)
              if (wr_mask_i[KOrd(k)*Lanes + n] || MaskOff)
                data_q[(e*Lanes + n)*32 +: LaneBits] <= wr_data_i[(KOrd(k)*Lanes + n)*32 +: LaneBits];
    end
  end
`ifdef FORMAL
  reg f_init = 1'b0;
  reg [31:0] f_mem [0:Pool-1][0:Regs-1][0:Lanes-1];
  reg [DataBits-1:0] f_want [0:RPorts-1];
  reg [RPorts-1:0] f_in;
  integer fs, fr, fl, fp;
  always @(posedge clk_i) f_init <= 1'b1;
  always @* if (!f_init) assume(!rst_ni);
  always @(posedge clk_i) begin
    for (fp = 0; fp < RPorts; fp = fp + 1) begin
      fs = rd_slot_i[fp*SlotBits +: SlotBits];
      fr = rd_reg_i[fp*RegBits +: RegBits];
      f_in[fp] <= rst_ni && rd_valid_i[fp] && fs < Pool && fr < Regs;
      if (fs < Pool && fr < Regs)
        for (fl = 0; fl < Lanes; fl = fl + 1) f_want[fp][fl*32 +: 32] <= f_mem[fs][fr][fl];
    end
    for (fs = 0; fs < Pool; fs = fs + 1)
      for (fr = 0; fr < Regs; fr = fr + 1)
        for (fl = 0; fl < Lanes; fl = fl + 1) begin
          if (!rst_ni) f_mem[fs][fr][fl] <= 32'd0;
          else
            for (fp = 0; fp < WPorts; fp = fp + 1)
              if (wr_valid_i[fp] && wr_slot_i[fp*SlotBits +: SlotBits] == fs &&
                  wr_reg_i[fp*RegBits +: RegBits] == fr && wr_mask_i[fp*Lanes + fl])
                f_mem[fs][fr][fl] <= wr_data_i[(fp*Lanes + fl)*32 +: 32];
        end
  end
  always @* if (f_init && rst_ni) begin
    for (fp = 0; fp < RPorts; fp = fp + 1) begin
      assert(rsp_valid_o[fp] == f_in[fp]);
      if (f_in[fp]) assert(rsp_data_o[fp*DataBits +: DataBits] == f_want[fp]);
    end
    for (fs = 0; fs < Pool; fs = fs + 1)
      for (fr = 0; fr < Regs; fr = fr + 1)
        for (fl = 0; fl < Lanes; fl = fl + 1)
          assert(data_q[((fs*Regs + fr)*Lanes + fl)*32 +: 32] == f_mem[fs][fr][fl]);
  end
`endif
endmodule
